"""Meta-evaluation: which metric agrees with people (parse-quality study, similarity, BAMBOO, principles)."""
