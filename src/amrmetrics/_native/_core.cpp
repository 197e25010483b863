// The compiled core of amrmetrics (see amrmetrics/_native/__init__.py). Python's stable ABI only.
#define PY_SSIZE_T_CLEAN
#include <Python.h>

namespace {

PyMethodDef methods[] = {
    {nullptr, nullptr, 0, nullptr},
};

PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "amrmetrics._native._core", "The compiled core of amrmetrics.", -1, methods,
    nullptr, nullptr, nullptr, nullptr,
};

}  // namespace

PyMODINIT_FUNC PyInit__core(void) { return PyModule_Create(&module); }
