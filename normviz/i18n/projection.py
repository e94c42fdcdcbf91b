"""Strings of the projection engine shared by the plane and the space: reach, animation steps, speed."""

STRINGS = {
    "proj.trace.ln_inner": {
        "zh": "LayerNorm（ε > 0）：两点之间的线段",
        "en": "LayerNorm at ε > 0: the segment between",
    },
    "proj.trace.moving": {"zh": "动画中的点", "en": "animated points"},
    "proj.step.start": {"zh": "x", "en": "x"},
    "proj.step.center": {"zh": "{n} 去均值", "en": "{n} centre"},
    "proj.step.scale": {"zh": "{n} 缩放", "en": "{n} scale"},
    "proj.step.affine": {"zh": "{n} γ、β", "en": "{n} γ, β"},
    "proj.speed.label": {"zh": "动画速度", "en": "Animation speed"},
    "proj.speed.help": {
        "zh": "每一步用多长时间：慢速便于边放边讲。图表获得焦点后，← / → 或翻页键逐步前进、后退。",
        "en": "How long each step takes: slow leaves time to explain. With the chart focused, ← / → or "
        "Page Up / Page Down step the animation.",
    },
    "proj.speed.slow": {"zh": "慢", "en": "slow"},
    "proj.speed.normal": {"zh": "中", "en": "normal"},
    "proj.speed.fast": {"zh": "快", "en": "fast"},
    "proj.live.announce.x": {"zh": "x = {x}。", "en": "x = {x}."},
    "proj.live.announce.outputs": {"zh": "输出：{outputs}。", "en": "Outputs: {outputs}."},
    "proj.keys.plane": {
        "zh": "⌨ 键盘：Tab 键把焦点移到图上，方向键把 x 移动 0.01（按住 Shift 移动 0.1）；翻页键逐帧播放动画，"
        "Home / End 跳到开头 / 结尾，空格键播放或暂停。图下方的“播放”“暂停”也是按钮，Tab 键可以到达。",
        "en": "⌨ Keys: Tab to the chart; the arrow keys move x by 0.01 (with Shift, by 0.1); Page Up / Page Down "
        "step the animation frame by frame, Home / End go to its start / end, Space plays or pauses. Play and "
        "Pause under the chart are buttons that Tab reaches too.",
    },
    "proj.keys.space": {
        "zh": "⌨ 键盘：图下方的 x₁、x₂、x₃ 滑块用方向键移动 x（每次 0.01）；焦点在图上时，← / → 或翻页键逐帧播放动画，"
        "Home / End 跳到开头 / 结尾，空格键播放或暂停。",
        "en": "⌨ Keys: the x₁, x₂, x₃ sliders under the chart move x with the arrow keys (0.01 a press); with the "
        "chart focused, ← / → or Page Up / Page Down step the animation, Home / End go to its start / end, "
        "Space plays or pauses.",
    },
    "proj.keys.camera": {
        "zh": "图上方的“视线方向”是一组选项：方向键在其中移动，空格键选定。",
        "en": "The “Camera looks along” options above the chart: the arrow keys move between them, Space chooses.",
    },
    "proj.live.plane": {
        "zh": "平面图：拖动黑色箭头的尖端移动 x，或用方向键微调；翻页键逐步播放动画。",
        "en": "The plane: drag the tip of the black arrow to move x, or nudge it with the arrow keys; "
        "Page Up / Page Down step the animation.",
    },
    "proj.live.space": {
        "zh": "空间图：用图下方的 x₁、x₂、x₃ 滑块移动 x；拖动图可旋转视角；翻页键逐步播放动画。",
        "en": "The space: move x with the x₁, x₂, x₃ sliders under the chart; drag the chart to turn it; "
        "Page Up / Page Down step the animation.",
    },
}
