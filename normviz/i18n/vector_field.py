"""Strings of the vector text entry (normviz/ui/kit/vector_field.py).

``{text}`` and ``{token}`` arrive already made literal (a code span, see
``normviz.ui.kit.literal``): no quotes or backticks around them here.
"""

STRINGS = {
    "vtext.help": {
        "zh": "输入 {min} 到 {max} 个数，用逗号、空格或分号隔开，例如 1, 2, 3（也可以用全角逗号“，”）。",
        "en": "Type {min} to {max} numbers separated by commas, spaces or semicolons, e.g. 1, 2, 3 "
        "(the full-width comma “，” works too).",
    },
    "vtext.parsed": {"zh": "读到 {n} 个分量", "en": "{n} components read"},
    "vtext.invalid": {
        "zh": "没法把 {text} 读成向量：{reason}。图里仍显示上一个有效的向量 {kept}。",
        "en": "Could not read {text} as a vector: {reason}. The picture keeps the last valid vector {kept}.",
    },
    "vtext.err.empty": {"zh": "输入是空的", "en": "the entry is empty"},
    "vtext.err.too_long": {
        "zh": "文字太长（最多 {limit} 个字符）",
        "en": "the text is too long (at most {limit} characters)",
    },
    "vtext.err.not_number": {"zh": "{token} 不是数", "en": "{token} is not a number"},
    "vtext.err.not_finite": {
        "zh": "{token} 不是有限的数（NaN 和 ∞ 不行）",
        "en": "{token} is not a finite number (no NaN or ∞)",
    },
    "vtext.err.too_big": {
        "zh": "{token} 太大（绝对值最多 {limit}）",
        "en": "{token} is too large (absolute value at most {limit})",
    },
    "vtext.err.count": {
        "zh": "有 {got} 个分量，这里需要 {min} 到 {max} 个",
        "en": "it has {got} components; {min} to {max} are needed here",
    },
}
