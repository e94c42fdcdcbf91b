"""Strings of the sources section: its header and what each paper is cited for."""

STRINGS = {
    "sources.header": {"zh": "来源", "en": "Sources"},
    "sources.why.ba2016": {
        "zh": "提出 LayerNorm：每个样本在自己的特征上求均值和方差，训练与推理算法相同，不依赖批大小；"
        "并讨论了它对输入的平移和缩放不变。",
        "en": "introduces LayerNorm: each example takes the mean and variance over its own features, the same "
        "computation at training and inference, independent of the batch size; it also discusses its invariance "
        "to shifting and scaling the input.",
    },
    "sources.why.zhang2019": {
        "zh": "提出 RMSNorm：只除以均方根、不减均值（只重新缩放、不重新居中），保留缩放不变性，计算更省。",
        "en": "introduces RMSNorm: divide by the root mean square without subtracting the mean (re-scaling "
        "without re-centring), which keeps the invariance to scaling and costs less.",
    },
    "sources.why.xiong2020": {
        "zh": "比较 Post-LN 与 Pre-LN：初始化时 Post-LN 靠近输出层的梯度更大，需要学习率预热；Pre-LN 的梯度表现良好。",
        "en": "compares Post-LN with Pre-LN: at initialization Post-LN's gradients near the output are large, "
        "which is why it needs a learning-rate warm-up; Pre-LN's are well behaved.",
    },
    "sources.why.kim2025": {
        "zh": "Peri-LN：在每个子层的输入和输出各放一个归一化（残差路径不动），分析三种放法下激活方差和梯度如何随深度变化；"
        "Pre-LN 的方差可能越来越大，加上输出端的归一化后只大致线性增长。",
        "en": "Peri-LN: a normalization on both the input and the output of every sublayer (the residual path left "
        "alone); analyses how activation variance and gradients change with depth under the three placements; "
        "Pre-LN's variance can keep growing, with the output normalization it grows about linearly.",
    },
    "sources.why.gemma2024": {
        "zh": "Gemma 2 技术报告：用 RMSNorm 同时归一化每个 Transformer 子层（注意力和前馈）的输入和输出。",
        "en": "the Gemma 2 report: RMSNorm normalizes both the input and the output of every Transformer sublayer, "
        "attention and feed-forward.",
    },
    "sources.why.loshchilov2024": {
        "zh": "nGPT：隐藏状态保持单位范数，每个子层把它朝自己（归一化后）的输出方向移动一小步 α，再归一化回球面；"
        "α 是可学习的，初始值 0.05。",
        "en": "nGPT: the hidden state keeps unit norm; each sublayer moves it a small step α towards the sublayer's "
        "normalized output and normalizes it back onto the sphere; α is learned, initialized at 0.05.",
    },
    "sources.why.ioffe2015": {
        "zh": "提出 BatchNorm：每个特征在一个批次的所有样本上求统计量，推理时改用训练中累积的滑动统计量。",
        "en": "introduces BatchNorm: each feature takes its statistics over all examples of a batch, and at "
        "inference uses running statistics gathered during training.",
    },
    "sources.why.riechers2024": {
        "zh": "LayerNorm 的几何：先投影到与 𝟏 正交的超平面，再缩放，最后由 γ、β 做仿射变换；每个输出都落在一个超平面里，"
        "ε = 0 时在其中一个椭球的表面上，ε > 0 时在椭球内部。",
        "en": "the geometry of LayerNorm: a projection onto the hyperplane orthogonal to 𝟏, a rescaling, then the "
        "affine map of γ and β; every output lies in a hyperplane, on the surface of an ellipsoid there at ε = 0 "
        "and inside it at ε > 0.",
    },
}
