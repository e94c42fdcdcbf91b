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
    "sources.why.zhu2025": {
        "zh": "DyT：用逐元素的 γ ⊙ tanh(αx) + β 代替 LayerNorm，α 是一个可学习的标量（默认初值 0.5）；"
        "作者观察到训练好的 LayerNorm 的输入输出关系本身就像一条 S 形的 tanh 曲线。",
        "en": "DyT: an element-wise γ ⊙ tanh(αx) + β in place of LayerNorm, with one learned scalar α (0.5 at the "
        "start by default); the authors observe that a trained LayerNorm's input-output map already looks like an "
        "S-shaped tanh curve.",
    },
    "sources.why.henry2020": {
        "zh": "QK-norm：先对每个头的查询和键做 L2 归一化，再乘一个可学习的标量，作为点积的温度，"
        "这样注意力 logit 不会随 q、k 的长度无界增长。",
        "en": "QK-norm: each head's queries and keys are L2-normalized before the dot product, which is then scaled "
        "by one learned scalar, so the attention logits cannot grow without bound with the lengths of q and k.",
    },
    "sources.why.dehghani2023": {
        "zh": "ViT-22B：训练中注意力 logit 失控增长、softmax 熵趋于 0 导致发散；对查询和键做 LayerNorm 解决了这个问题。",
        "en": "ViT-22B: attention logits that grew out of control in training, with the softmax's entropy near 0, "
        "made it diverge; a LayerNorm on the queries and keys fixed it.",
    },
    "sources.why.sun2024": {
        "zh": "大语言模型的隐藏状态里有极少数数值比其余坐标大几个数量级的激活（massive activations），"
        "它们出现在固定的维度上，作用接近一个偏置项。",
        "en": "Massive activations: in large language models a very few hidden-state values are orders of magnitude "
        "larger than the rest; they sit in fixed dimensions and act much like a bias term.",
    },
    "sources.why.qiu2026": {
        "zh": "把注意力汇聚和残差汇聚（少数维度上持续很大的激活）放在一起看：离群值与归一化（softmax、RMSNorm）"
        "一起，把其余分量整体缩小，作用是缩放而不是贡献内容。",
        "en": "Attention sinks and residual sinks (a few dimensions with persistently large activations) seen as one: "
        "together with the normalization (softmax, RMSNorm) the outlier rescales all the other components; it acts "
        "as a scale factor rather than as content.",
    },
    "sources.why.chen2025": {
        "zh": "Derf：用 γ ⊙ erf(αx + s) + β 代替归一化层，α 和 s 各是一个可学习的标量（初值 0.5 和 0），γ、β 按通道；"
        "作者比较了许多 S 形函数，认为好的替代曲线要以 0 为中心、有界、在 0 附近够陡、单调。",
        "en": "Derf: γ ⊙ erf(αx + s) + β in place of a normalization layer, with α and s one learned scalar each (0.5 "
        "and 0 at the start) and γ, β per channel; comparing many S-shaped curves, the authors find that a good "
        "replacement is zero-centred, bounded, steep near 0 and monotone.",
    },
    "sources.why.verma2026": {
        "zh": "认为用 DyT 代替 LayerNorm 的好处来自有界激活带来的正则化：在 GPT-2 系列模型上，训"
        "练数据很少时验证损失更低，数据多了反而更高，而且模型越大，数据少时的好处也越小。",
        "en": "argues that the benefit of replacing LayerNorm with DyT comes from the regularization that bounded "
        "activations bring: in GPT-2-family models the validation loss is lower with very little training data "
        "and higher with more, and the benefit with little data shrinks as the model grows.",
    },
    "sources.why.baroni2025": {
        "zh": "把 GPT-2 的每个 LayerNorm 的 σ 换成固定常数（再微调一小段），LayerNorm 就只是一个仿射映射；"
        "GPT-2 XL 的验证交叉熵只升高约 0.03。",
        "en": "replacing the σ of each of GPT-2's LayerNorms with a fixed constant (with a short fine-tune) turns the "
        "LayerNorm into an affine map; GPT-2 XL's validation cross-entropy rises by about 0.03.",
    },
    "sources.why.sun2025": {
        "zh": "深度的诅咒：作者认为 Pre-LN 堆叠里残差流的方差随层数增长，使深层接近恒等映射；他们把第 ℓ 层归"
        "一化的输出乘以 1/√ℓ（LayerNorm Scaling），报告 130M 到 7B 参数的模型预训"
        "练困惑度都有改善。",
        "en": "the curse of depth: the authors argue that in a Pre-LN stack the stream's variance grows with depth and "
        "brings deep layers close to the identity; they multiply the output of layer ℓ's normalization by 1/√ℓ "
        "(LayerNorm Scaling) and report better pre-training perplexity from 130M to 7B parameters.",
    },
    "sources.why.chen2026": {
        "zh": "梯度汇聚：因果掩码下的注意力汇聚让梯度集中到少数词元上；RMSNorm 的雅可比大约按输入长度的倒数缩小梯度，"
        "作者认为巨大激活正是模型在训练中对这种梯度压力的适应。",
        "en": "gradient sinks: under a causal mask, attention sinks concentrate the gradient on a few tokens; since "
        "RMSNorm's Jacobian shrinks the gradient roughly in inverse proportion to the input's length, the authors "
        "argue that massive activations are how the model adapts to that pressure in training.",
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
