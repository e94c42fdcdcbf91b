"""Strings of the real-model page (all-MiniLM-L6-v2's LayerNorms) and of uploaded hidden states."""

STRINGS = {
    "nav.model": {"zh": "真实模型", "en": "Inside a real model"},
    "overview.page.model": {
        "zh": "真实模型：在你的文本上运行一个训练好的 6 层编码器（all-MiniLM-L6-v2），看它的 13 个 LayerNorm 实际收到什么："
        "沿 𝟏 的分量有多大、RMSNorm 和 LayerNorm 相差多少、哪些坐标是离群值，以及学到的 γ 和 β；也可以上传你自己的隐藏状态。",
        "en": "Inside a real model: run a trained 6-layer encoder (all-MiniLM-L6-v2) on your text and see what its 13 "
        "LayerNorms really receive: how much lies along 𝟏, how far RMSNorm is from LayerNorm, which coordinates "
        "are outliers, and the learned γ and β; or upload your own hidden states.",
    },
    "model.title": {"zh": "真实模型里的归一化", "en": "Normalization inside a real model"},
    "model.intro": {
        "zh": "这里的模型是 sentence-transformers/all-MiniLM-L6-v2：一个 6 层的 BERT 式编码器（D = 384，12 个注意力头，"
        "2270 万个参数），训练来给英文句子做向量表示。它用 Post-LN 的 LayerNorm（带 γ 和 β，ε = 10⁻¹²）：嵌入之后一个，"
        "每层的注意力块之后和前馈块之后各一个，一共 13 个。模型文件来自一个 PyPI 包，只当作数据读取，使用前逐个核对 "
        "SHA-256；模型在这台服务器上运行，不从网络下载任何东西。每个 LayerNorm 的输入由前向钩子直接截获，不是重新计算的。",
        "en": "The model here is sentence-transformers/all-MiniLM-L6-v2: a 6-layer BERT-style encoder (D = 384, 12 "
        "attention heads, 22.7 M parameters) trained to embed English sentences. It uses Post-LN LayerNorm (with γ "
        "and β, ε = 10⁻¹²): one after the embeddings, and one after the attention block and one after the "
        "feed-forward block of each layer, 13 in all. Its files come from a PyPI package, read as data only, each "
        "checked against its SHA-256 before use; the model runs on this server and nothing is fetched. Each "
        "LayerNorm's input is captured by a forward hook as the model runs, not recomputed.",
    },
    "model.source": {"zh": "分析什么", "en": "What to analyse"},
    "model.source.text": {"zh": "模型处理一段文本", "en": "The model on a text"},
    "model.source.upload": {"zh": "上传的隐藏状态", "en": "Uploaded hidden states"},
    "model.preset": {"zh": "例句", "en": "Example sentences"},
    "model.preset.placeholder": {"zh": "选一个例句填入下面的文本框", "en": "Pick one to fill the text box below"},
    "model.text": {"zh": "文本（英文）", "en": "Text (English)"},
    "model.text.help": {
        "zh": "模型只认英文，而且不区分大小写。中文字符会被逐字切开；词表里没有的字变成 [UNK]，页面会列出来。"
        "超过 128 个词元的文本在末尾截断。",
        "en": "The model knows English only, without case. Chinese characters are split one by one; those missing "
        "from its vocabulary become [UNK], and the page lists them. Texts beyond 128 tokens are cut at the end.",
    },
    "model.text.empty": {
        "zh": "文本框是空的，下面分析的是第一个例句：“{preset}”。",
        "en": "The text box is empty, so the analysis below is of the first example: “{preset}”.",
    },
    "model.missing": {
        "zh": "找不到模型文件，或者文件与记录的 SHA-256 不符，因此不运行模型。原因（英文）：{reason}",
        "en": "The model's files are missing or do not match their recorded SHA-256, so the model is not run. "
        "Reason: {reason}",
    },
    "model.upload": {"zh": "隐藏状态文件", "en": "Hidden-state file"},
    "model.upload.help": {
        "zh": "一个 .safetensors、.npy 或 torch 文件（用 weights_only=True "
        "读取），形状 (N, D) 或 (B, S, D)，最大 {limit} MB；每一行当作一个词元，最多"
        "分析前 512 行。文件在一个受限的独立进程里读取。要看 γ 和 β，可以再上传产生这些状态的模型的检查"
        "点。",
        "en": "A .safetensors, .npy or torch file (read with weights_only=True) of shape (N, D) or (B, S, D), at most "
        "{limit} MB; each row is taken as one token, and the first 512 rows are analysed. It is read in a "
        "separate, limited process. For γ and β, upload the checkpoint of the model the states came from as well.",
    },
    "model.upload.prompt": {
        "zh": "上传一个隐藏状态文件，就能看到同样的分析（每一行当作一个词元）。",
        "en": "Upload a file of hidden states to see the same analysis (each row taken as one token).",
    },
    "model.upload.name": {"zh": "上传的状态", "en": "uploaded states"},
    "model.norm": {"zh": "看哪一个 LayerNorm", "en": "Which LayerNorm"},
    "model.norm.help": {
        "zh": "embeddings 是嵌入之后的那个；layerK.attention 在第 K 层注意力块的残差和之后，layerK.output 在前馈块的残差和之后。",
        "en": "embeddings is the one after the embeddings; layerK.attention follows the residual sum of layer K's "
        "attention block, layerK.output that of its feed-forward block.",
    },
    "model.threshold": {"zh": "离群值阈值：|xᵢ| / RMS(x) 大于", "en": "Outlier threshold: |xᵢ| / RMS(x) above"},
    "model.threshold.help": {
        "zh": "RMS(x) = ‖x‖/√D 是坐标的均方根；一个坐标超过它的这么多倍就算离群值。",
        "en": "RMS(x) = ‖x‖/√D is the coordinates' root mean square; a coordinate this many times larger counts as "
        "an outlier.",
    },
    "model.tokens": {
        "zh": "文本变成了 {count} 个词元（token），包括 [CLS] 和 [SEP]：{tokens}{more}",
        "en": "The text became {count} tokens ([CLS] and [SEP] included): {tokens}{more}",
    },
    "model.more": {"zh": "，以及另外 {count} 个。", "en": ", and {count} more."},
    "model.unknown": {
        "zh": "词表里没有的 {count} 处变成了 [UNK]：{pieces}。",
        "en": "{count} pieces not in the vocabulary became [UNK]: {pieces}.",
    },
    "model.truncated": {
        "zh": "文本超过 {limit} 个词元，末尾被截断了。",
        "en": "The text is longer than {limit} tokens and was cut at the end.",
    },
    "model.end": {
        "zh": "。",
        "en": ".",
    },
    "model.unknown.one": {
        "zh": "词表里没有的 1 处变成了 [UNK]：{pieces}。",
        "en": "1 piece not in the vocabulary became [UNK]: {pieces}.",
    },
    "model.only_special": {
        "zh": "文本里没有一个词元留下来（比如只有空白或控制字符），下面分析的只是 [CLS] 和 [SEP]。",
        "en": "No token of the text is left (only white space or control characters, say): the analysis below is of "
        "[CLS] and [SEP] alone.",
    },
    "model.upload.rows": {
        "zh": "文件有 {rows} 行；下面分析前 {shown} 行。",
        "en": "The file has {rows} rows; the analysis below is of the first {shown}.",
    },
    "model.upload.checkpoint": {
        "zh": "检查点（可选，用于 γ 和 β）",
        "en": "Checkpoint (optional, for γ and β)",
    },
    "model.upload.checkpoint.help": {
        "zh": "与检查点读取页相同的文件和规则（最大 {limit} MB，在受限的独立进程里读取）。选一个 γ 长度等"
        "于 D 的归一化层，页面就显示它的 γ 和 β。",
        "en": "The same files and rules as the checkpoint reader (at most {limit} MB, read in a separate, limited "
        "process). Pick a norm whose γ has D entries and the page shows its γ and β.",
    },
    "model.upload.checkpoint.norm": {
        "zh": "检查点里的归一化层",
        "en": "The checkpoint's norm",
    },
    "model.upload.checkpoint.none": {
        "zh": "检查点里的 {count} 个带 γ 的归一化层没有一个的 γ 长度是 D = {d}，所以不显示 γ 和 β。",
        "en": "None of the checkpoint's {count} norms with a γ has D = {d} entries, so there is no γ or β to show.",
    },
    # --- what the norm receives
    "model.share.header": {"zh": "LayerNorm 收到的输入", "en": "What each LayerNorm receives"},
    "model.share.description": {
        "zh": "热图：每个 LayerNorm（行）和每个词元（列）的输入 x 沿 𝟏 的分量占 ‖x‖² 的比例。",
        "en": "Heat map: for each LayerNorm (rows) and token (columns), the share of ‖x‖² that lies along 𝟏.",
    },
    "model.share.text": {
        "zh": "LayerNorm 先减去 x 的均值 μ，也就是去掉 x 沿 𝟏 的部分 μ·𝟏。这部分占 ‖x‖² "
        "的比例是 c = μ²·D/‖x‖² = μ²/(μ² + σ²)（σ 为有偏标准差）。c 接近 0 说"
        "明 x 本来就几乎垂直于 𝟏，减均值几乎不改变它。不过 RMSNorm 与 LayerNorm 之差约为"
        " √c，比 c 本身大得多：占比 0.25 % 仍然意味着约 5 % 的差。",
        "en": "LayerNorm first subtracts x's mean μ, that is, removes the part μ·𝟏 of x along 𝟏. That part's share of "
        "‖x‖² is c = μ²·D/‖x‖² = μ²/(μ² + σ²) (σ the biased standard deviation). A share near 0 means x is "
        "already nearly perpendicular to 𝟏, and removing the mean hardly changes it. But the gap between RMSNorm "
        "and LayerNorm is about √c, far larger than c itself: a share of 0.25 % still means a gap of about 5 %.",
    },
    "model.share.reading": {
        "zh": "在这段文本上，{top} 的输入沿 𝟏 的分量最大：按词元平均是 {top_mean}，词元 {token} 上是 {token_share}；"
        "平均占比最小的是 {low}，为 {low_mean}。所选的 {chosen} 平均是 {chosen_mean}。",
        "en": "On this text the inputs of {top} carry the largest share along 𝟏: {top_mean} on average over the tokens, "
        "{token_share} for the token {token}; the smallest mean share is {low_mean}, at {low}. At the chosen norm, "
        "{chosen}, the mean share is {chosen_mean}.",
    },
    "model.table": {"zh": "{norm} 的每个词元", "en": "Every token at {norm}"},
    "model.col.pos": {"zh": "位置", "en": "position"},
    "model.col.token": {"zh": "词元", "en": "token"},
    "model.col.norm": {"zh": "‖x‖", "en": "‖x‖"},
    "model.col.mean": {"zh": "μ", "en": "μ"},
    "model.col.std": {"zh": "σ", "en": "σ"},
    "model.col.share": {"zh": "沿 𝟏 的占比", "en": "share along 𝟏"},
    "model.col.gap": {"zh": "LN 与 RMS 之差", "en": "LN–RMS gap"},
    # --- LayerNorm against RMSNorm
    "model.gap.header": {"zh": "在真实数据上：LayerNorm 与 RMSNorm", "en": "LayerNorm against RMSNorm on real data"},
    "model.gap.text": {
        "zh": "把同一个输入分别送进 LayerNorm 和 RMSNorm（γ = 1，β = 0，同一个 ε），比较 ‖LN(x) − RMS(x)‖ / ‖LN(x)‖。"
        "ε = 0 时两者的长度都是 √D，夹角只由 c 决定，所以这个差只取决于沿 𝟏 的占比：√(2(1 − √(1 − c)))。",
        "en": "Send the same input through LayerNorm and RMSNorm (γ = 1, β = 0, the same ε) and compare "
        "‖LN(x) − RMS(x)‖ / ‖LN(x)‖. At ε = 0 both outputs have length √D and the angle between them depends on c "
        "alone, so the gap depends only on the share along 𝟏: √(2(1 − √(1 − c))).",
    },
    "model.gap.description": {
        "zh": "热图：每个 LayerNorm（行）和每个词元（列）的 ‖LN(x) − RMS(x)‖ / ‖LN(x)‖。",
        "en": "Heat map: ‖LN(x) − RMS(x)‖ / ‖LN(x)‖ for each LayerNorm (rows) and token (columns).",
    },
    "model.gap.reading": {
        "zh": "所有 LayerNorm 和词元上，这个差平均是 {mean}；最大的是 {top}，在 {norm} 的词元 {token} 上（那里沿 𝟏 的占比是 {share}）。"
        "用 ε = {eps} 算出的差与上面 ε = 0 的公式最多相差 {error}。",
        "en": "Over every LayerNorm and token the gap is {mean} on average; the largest is {top}, at {norm} for the "
        "token {token} (whose share along 𝟏 is {share}). The gaps computed with ε = {eps} differ from the ε = 0 "
        "formula above by at most {error}.",
    },
    # --- outliers
    "model.out.header": {"zh": "离群坐标", "en": "Outlier coordinates"},
    "model.out.text": {
        "zh": "训练好的模型里，少数坐标常常比其余的大得多。它们撑大了 σ（和均方根），于是归一化之后其余所有坐标都被缩小："
        "“经典之后”页的离群值一节推导了这个因子。",
        "en": "In trained models a few coordinates are often far larger than the rest. They inflate σ (and the root "
        "mean square), so after the norm every other coordinate shrinks: the outlier section of the Beyond page "
        "derives the factor.",
    },
    "model.out.description": {
        "zh": "上：每个坐标在所有词元中最大的 |xᵢ| / RMS(x) 和阈值；下：最大的几个坐标在每个词元上的比值。",
        "en": "Top: each coordinate's largest |xᵢ| / RMS(x) over the tokens, and the threshold; bottom: the ratio per "
        "token for the largest few coordinates.",
    },
    "model.out.none": {
        "zh": "{norm} 的输入里没有坐标超过 {threshold} 倍均方根；最大的比值是 {largest}。",
        "en": "No coordinate of {norm}'s inputs exceeds {threshold} times the root mean square; the largest ratio is "
        "{largest}.",
    },
    "model.out.found": {
        "zh": "{norm} 的输入里有 {count} 个坐标在某个词元上超过 {threshold} 倍均方根。超过"
        "阈值的词元最多的是 {coord}（{total} 个中的 {tokens} 个）；单个比值最大的是 "
        "{strong}，在词元 {token} 上达到 {ratio} 倍。在有坐标超过阈值的词元上，与把这些"
        "坐标置 0 相比，RMSNorm（ε = 0）平均把其余每个坐标乘以 {factor}，最低到 "
        "{lowest}。",
        "en": "{count} coordinates of {norm}'s inputs exceed {threshold} times the root mean square in some token. The "
        "one flagged in the most tokens is {coord} ({tokens} of {total}); the largest single ratio is "
        "{strong}'s, {ratio} times, at the token {token}. Over the tokens where something is flagged, compared "
        "with those coordinates set to 0, RMSNorm (ε = 0) multiplies every other coordinate by {factor} on "
        "average, and by as little as {lowest}.",
    },
    "model.out.recur": {
        "zh": "在全部 {norms} 个 LayerNorm 上，{coord} 在 {total} 个（LayerN"
        "orm，词元）组合中有 {pairs} 个超过阈值，涉及 {norms_hit} 个 LayerNorm"
        " 和 {tokens} 个不同的词元：同一些坐标在不同词元和不同 LayerNorm 上反复出现。",
        "en": "Across all {norms} LayerNorms, {coord} exceeds the threshold in {pairs} of the {total} (LayerNorm, "
        "token) pairs, at {norms_hit} of the LayerNorms and at {tokens} different tokens: the same coordinates "
        "recur across tokens and LayerNorms.",
    },
    "model.recur.description": {
        "zh": "热图：最常超过阈值的坐标（列）在每个 LayerNorm（行）的多少个词元上超过阈值。",
        "en": "Heat map: for the coordinates flagged most often (columns), in how many tokens each LayerNorm (rows) "
        "flags them.",
    },
    # --- γ and β
    "model.gamma.header": {"zh": "学到的 γ 和 β", "en": "The learned γ and β"},
    "model.gamma.description": {
        "zh": "所选 LayerNorm 的 γ 和 β 的直方图，标出最小和最大的 γ。",
        "en": "Histograms of the chosen LayerNorm's γ and β, with the smallest and largest γ marked.",
    },
    "model.gamma.reading": {
        "zh": "{norm} 的 γ 从 {low}（{low_at}）到 {high}（{high_at}），中位数 {median}；β 从 {beta_low} 到 {beta_high}。"
        "γ 把 √D 球面与超平面的交拉伸成一个椭球，β 再把它平移（“空间的弯折”页画了 γ 造成的椭球）。",
        "en": "{norm}'s γ runs from {low} ({low_at}) to {high} ({high_at}), median {median}; β from {beta_low} to "
        "{beta_high}. γ stretches the √D sphere's intersection with the hyperplane into an ellipsoid and β moves "
        "it (the How norms bend space page draws the ellipsoid γ makes).",
    },
    "model.gamma.small": {
        "zh": "{where}有 {count} 个坐标的 |γ| 小于 {below}（|γ| 中位数的 5 %）："
        "{coords}。这些坐标的输出几乎不变：在超平面里，一个坐标的输出离它的 β 最多 |γᵢ|·√(D "
        "− 1)（这里最多 {reach}）。",
        "en": "In {where}, {count} coordinates have |γ| below {below} (5 % of the median |γ|): {coords}. Their outputs "
        "hardly move: within the hyperplane a coordinate's output stays within |γᵢ|·√(D − 1) of its β ({reach} "
        "at most here).",
    },
    # --- the picture
    "model.picture.header": {"zh": "图：归一化之前与之后", "en": "The picture: before and after the norm"},
    "model.picture.text": {
        "zh": "所选 LayerNorm 的输入和它们的 LayerNorm（γ = 1，β = 0，ε = 0），投影到垂直于 𝟏 的超平面里由数据主方向张成的三个方向上。"
        "在 D 维里每个输出都恰好在半径 √D 的球面与超平面的交上；三维里看到的是它的投影，所以点落在这个球的影子之内。",
        "en": "The chosen LayerNorm's inputs and their LayerNorm (γ = 1, β = 0, ε = 0), projected onto three "
        "directions of the hyperplane perpendicular to 𝟏 spanned by the data's principal directions. In D "
        "dimensions every output lies exactly on the sphere of radius √D within the hyperplane; in 3D we see its "
        "shadow, so the points fall inside that sphere's shadow.",
    },
    "model.picture.description": {
        "zh": "三维图：输入（归一化之前）和输出（之后）在三个垂直于 𝟏 的方向上的投影，以及半径 √D 的参考球。",
        "en": "3D: the inputs (before the norm) and outputs (after) projected onto three directions perpendicular to "
        "𝟏, with the reference sphere of radius √D.",
    },
    "model.picture.reading": {
        "zh": "这三个方向承载了输入变化的 {share}。归一化之前 ‖x‖ 从 {low} 到 {high}；之后在"
        "全部 D = {d} 维里，每个 ‖y‖ 都等于 √D = {root}（误差不超过 {off}），每个"
        " y 的坐标和为 0（误差不超过 {sum}）。",
        "en": "These three directions carry {share} of the inputs' spread. Before the norm ‖x‖ runs from {low} to "
        "{high}; after it, in all D = {d} dimensions, every ‖y‖ equals √D = {root} (within {off}) and every y's "
        "coordinates sum to 0 (within {sum}).",
    },
    # --- the library's check
    "model.check.header": {"zh": "库在真实数据上对不对", "en": "Is the library right on real data?"},
    "model.check.reading": {
        "zh": "用 normviz 的 layer_norm（模型的 γ、β，ε = {eps}）重新计算 {norm}"
        " 截获的输入，与模型自己的输出相比，最大差为 {diff32}（float32 计算，即输出量级上 fl"
        "oat32 间距 {ulp} 的 {ulps} 倍）和 {diff64}（float64 计算）。模型加"
        "载（含 SHA-256 校验）用了 {load} 秒；这一次对这段文本（{tokens} 个词元）的前向"
        "计算用了 {seconds} 毫秒。",
        "en": "normviz's layer_norm (the model's γ and β, ε = {eps}) run on the inputs captured at {norm} differs from "
        "the model's own outputs by at most {diff32} computed in float32, {ulps} times float32's spacing {ulp} "
        "at the outputs' size, and {diff64} in float64. Loading the model (with its SHA-256 checks) took {load} "
        "s; this forward pass over the text ({tokens} tokens) took {seconds} ms.",
    },
    # --- uploads refused (normviz.hidden.HiddenError codes)
    "hidden.error.too_large": {
        "zh": "文件有 {size} 字节，超过了 {limit} 字节的上限。",
        "en": "The file has {size} bytes, more than the limit of {limit} bytes.",
    },
    "hidden.error.empty": {"zh": "文件是空的（0 字节）。", "en": "The file is empty (0 bytes)."},
    "hidden.error.truncated": {
        "zh": "文件在它的头部声明的数据结束之前就断了。",
        "en": "The file ends before the data its header announces.",
    },
    "hidden.error.not_a_tensor_file": {
        "zh": "这不是 .npy、safetensors 或 torch 文件，或者文件已损坏。",
        "en": "This is not a .npy, safetensors or torch file, or it is damaged.",
    },
    "hidden.error.pickle_refused": {
        "zh": "文件里有张量和普通容器以外的 Python 对象，出于安全不读取。",
        "en": "The file holds Python objects beyond tensors and plain containers; for safety it is not read.",
    },
    "hidden.error.unsupported": {
        "zh": "文件里的张量是这里不读取的类型（{dtype}）。",
        "en": "The file's tensor is of a kind not read here ({dtype}).",
    },
    "hidden.error.dtype": {
        "zh": "张量的元素是 {dtype}，而隐藏状态应该是实数浮点数。",
        "en": "The tensor holds {dtype} numbers; hidden states are real floating-point numbers.",
    },
    "hidden.error.too_many_tensors": {
        "zh": "文件里有 {count} 个张量，超过了 {limit} 个的上限。",
        "en": "The file holds {count} tensors, more than the limit of {limit}.",
    },
    "hidden.error.no_tensor": {"zh": "文件里没有张量。", "en": "The file holds no tensor."},
    "hidden.error.ambiguous": {
        "zh": "文件里有 {count} 个张量，没有一个名字像隐藏状态（如 hidden_states）：{keys}。",
        "en": "The file holds {count} tensors and none is named like hidden states (such as hidden_states): {keys}.",
    },
    "hidden.error.missing_key": {
        "zh": "文件里没有名为 {key} 的张量（共 {count} 个：{keys}）。",
        "en": "The file has no tensor named {key} ({count} in all: {keys}).",
    },
    "hidden.error.shape": {
        "zh": "隐藏状态的形状应为 (N, D) 或 (B, S, D)，而这个张量是 {shape}。",
        "en": "Hidden states have shape (N, D) or (B, S, D); this tensor has {shape}.",
    },
    "hidden.error.empty_array": {
        "zh": "形状为 {shape} 的张量里没有数。",
        "en": "The tensor of shape {shape} holds no numbers.",
    },
    "hidden.error.one_feature": {
        "zh": "形状为 {shape} 的张量只有 D = 1 个特征；归一化至少需要 2 个。",
        "en": "The tensor of shape {shape} has D = 1 feature; a norm needs at least 2.",
    },
    "hidden.error.not_finite": {
        "zh": "张量的 {total} 个数中有 {count} 个是 NaN 或无穷大。",
        "en": "{count} of the tensor's {total} numbers are NaN or infinite.",
    },
    "hidden.error.time_limit": {
        "zh": "读取这个文件超过了 {limit} 秒的时间上限，已经停止。",
        "en": "Reading this file took longer than the {limit} s limit and was stopped.",
    },
    "hidden.error.memory_limit": {
        "zh": "读取这个文件需要的内存超过了 {limit} MiB 的上限，已经停止。",
        "en": "Reading this file needed more memory than the {limit} MiB limit and was stopped.",
    },
    "model.gamma.outlier": {
        "zh": "其中 {coords} 也是这个归一化层在这里的输入的离群坐标（超过 {threshold} 倍均方根）"
        "：这些离群值本身在输出里被关掉了（输出约等于 β），但它们仍然通过 σ 把其余每个坐标缩小。",
        "en": "Of these, {coords} are also outlier coordinates of that norm's input here (above {threshold} times the "
        "root mean square): the outliers themselves are switched off in the output (their outputs are about β), "
        "yet through σ they still shrink every other coordinate.",
    },
    # --- the figures (normviz.figures.model)
    # --- norms × tokens heat maps
    "model.fig.heat.share.title": {"zh": "‖x‖² 中沿 𝟏 方向的占比", "en": "Share of ‖x‖² along 𝟏"},
    "model.fig.heat.gap.title": {"zh": "RMSNorm 与 LayerNorm 相差多少", "en": "How far RMSNorm is from LayerNorm"},
    "model.fig.heat.share.name": {"zh": "沿 𝟏 方向的占比", "en": "Share along 𝟏"},
    "model.fig.heat.gap.name": {"zh": "LN 与 RMS 的相对差", "en": "LN vs RMS, relative gap"},
    "model.fig.heat.share.bar": {"zh": "沿 𝟏 的占比 μ²·D/‖x‖²", "en": "share along 𝟏, μ²·D/‖x‖²"},
    "model.fig.heat.gap.bar": {
        "zh": "‖LN(x) − RMS(x)‖/‖LN(x)‖（γ = 1，β = 0）",
        "en": "‖LN(x) − RMS(x)‖/‖LN(x)‖ (γ = 1, β = 0)",
    },
    "model.fig.heat.share.hover": {
        "zh": "{norm}，词元 {i}「{token}」：沿 𝟏 的占比 μ²·D/‖x‖² = {value}",
        "en": "{norm}, token {i} “{token}”: share along 𝟏, μ²·D/‖x‖² = {value}",
    },
    "model.fig.heat.gap.hover": {
        "zh": "{norm}，词元 {i}「{token}」：‖LN(x) − RMS(x)‖/‖LN(x)‖ = {value}",
        "en": "{norm}, token {i} “{token}”: ‖LN(x) − RMS(x)‖/‖LN(x)‖ = {value}",
    },
    "model.fig.heat.x": {"zh": "词元（按在文本中的顺序）", "en": "Token (in text order)"},
    "model.fig.heat.y": {"zh": "LayerNorm 的输入", "en": "Input of the LayerNorm"},
    "model.fig.heat.chosen": {"zh": "选中的归一化层：{norm}", "en": "Chosen norm: {norm}"},
    # --- outlier coordinates
    "model.fig.out.title": {"zh": "离群坐标：|xᵢ| > {threshold}·RMS(x)", "en": "Outliers: |xᵢ| > {threshold}·RMS(x)"},
    "model.fig.out.max.title": {"zh": "每个坐标在所有词元中的最大值", "en": "Largest over all tokens, per coordinate"},
    "model.fig.out.max.name": {"zh": "每个坐标 i 的最大 |xᵢ|/RMS(x)", "en": "Largest |xᵢ|/RMS(x), coordinate i"},
    "model.fig.out.max.hover": {
        "zh": "坐标 {i}：最大 |xᵢ|/RMS(x) = {value}",
        "en": "Coordinate {i}: largest |xᵢ|/RMS(x) = {value}",
    },
    "model.fig.out.max.x": {"zh": "坐标 i（D = {D}）", "en": "Coordinate i (D = {D})"},
    "model.fig.out.max.y": {"zh": "最大 |xᵢ|/RMS(x)", "en": "Largest |xᵢ|/RMS(x)"},
    "model.fig.out.threshold": {"zh": "阈值 {threshold}", "en": "Threshold {threshold}"},
    "model.fig.out.flagged": {
        "zh": "超过阈值的坐标（{n} 个，标出编号）",
        "en": "Coordinates above the threshold ({n}, index written)",
    },
    "model.fig.out.flagged.hover": {
        "zh": "坐标 {i} 超过阈值：最大 |xᵢ|/RMS(x) = {value}",
        "en": "Coordinate {i} is above the threshold: largest |xᵢ|/RMS(x) = {value}",
    },
    "model.fig.out.top.title": {"zh": "最大的 {k} 个坐标，逐个词元", "en": "Top {k} coordinates, token by token"},
    "model.fig.out.top.name": {"zh": "逐词元的 |xᵢ|/RMS(x)", "en": "|xᵢ|/RMS(x) per token"},
    "model.fig.out.top.hover": {
        "zh": "词元 {i}「{token}」，坐标 {coord}：|xᵢ|/RMS(x) = {value}",
        "en": "Token {i} “{token}”, coordinate {coord}: |xᵢ|/RMS(x) = {value}",
    },
    "model.fig.out.top.x": {"zh": "坐标（按最大值从大到小）", "en": "Coordinate (largest first)"},
    "model.fig.out.top.y": {"zh": "词元", "en": "Token"},
    "model.fig.out.top.bar": {"zh": "|xᵢ|/RMS(x)", "en": "|xᵢ|/RMS(x)"},
    # --- recurrence across layers
    "model.fig.rec.title": {"zh": "反复出现的离群坐标", "en": "Recurring outlier coordinates"},
    "model.fig.rec.name": {"zh": "超过阈值的词元数", "en": "Tokens above the threshold"},
    "model.fig.rec.hover": {
        "zh": "{norm}，坐标 {coord}：{tokens} 个词元中有 {count} 个超过阈值",
        "en": "{norm}, coordinate {coord}: above the threshold in {count} of {tokens} tokens",
    },
    "model.fig.rec.x": {"zh": "最常超过阈值的坐标", "en": "Most often flagged coordinates"},
    "model.fig.rec.y": {"zh": "LayerNorm 的输入", "en": "Input of the LayerNorm"},
    "model.fig.rec.bar": {"zh": "超过阈值的词元数（共 {tokens} 个）", "en": "tokens above the threshold (of {tokens})"},
    "model.fig.rec.none": {"zh": "没有任何坐标超过阈值", "en": "No coordinate is above the threshold"},
    # --- the learned γ and β
    "model.fig.gamma.title": {"zh": "{norm} 的 γ 和 β（D = {D}）", "en": "γ and β of {norm} (D = {D})"},
    "model.fig.gamma.panel": {"zh": "γ（逐坐标缩放）", "en": "γ (scale per coordinate)"},
    "model.fig.beta.panel": {"zh": "β（逐坐标平移）", "en": "β (shift per coordinate)"},
    "model.fig.gamma.hist": {"zh": "γᵢ 的分布", "en": "Distribution of γᵢ"},
    "model.fig.beta.hist": {"zh": "βᵢ 的分布", "en": "Distribution of βᵢ"},
    "model.fig.gamma.x": {"zh": "γᵢ 的值", "en": "Value of γᵢ"},
    "model.fig.beta.x": {"zh": "βᵢ 的值", "en": "Value of βᵢ"},
    "model.fig.gamma.y": {"zh": "坐标个数", "en": "Number of coordinates"},
    "model.fig.gamma.hover": {"zh": "γᵢ 在 {value} 之间：{count} 个坐标", "en": "γᵢ in {value}: {count} coordinates"},
    "model.fig.beta.hover": {"zh": "βᵢ 在 {value} 之间：{count} 个坐标", "en": "βᵢ in {value}: {count} coordinates"},
    "model.fig.gamma.min": {"zh": "最小的 γᵢ", "en": "Smallest γᵢ"},
    "model.fig.gamma.max": {"zh": "最大的 γᵢ", "en": "Largest γᵢ"},
    "model.fig.gamma.min.note": {"zh": "最小 γ<sub>{i}</sub> = {value}", "en": "min γ<sub>{i}</sub> = {value}"},
    "model.fig.gamma.max.note": {"zh": "最大 γ<sub>{i}</sub> = {value}", "en": "max γ<sub>{i}</sub> = {value}"},
    "model.fig.gamma.one": {"zh": "γ = 1（不缩放）", "en": "γ = 1 (no scaling)"},
    "model.fig.beta.zero": {"zh": "β = 0（不平移）", "en": "β = 0 (no shift)"},
    # --- the picture: before and after the norm in 3 directions of the hyperplane ⟂ 𝟏
    "model.fig.hyper.title": {"zh": "归一化前后的词元向量", "en": "Tokens before and after the norm"},
    "model.fig.hyper.directions": {
        "zh": "u₁、u₂、u₃：超平面 ⟂ 𝟏 中的三个方向",
        "en": "u₁, u₂, u₃: three directions in the hyperplane ⟂ 𝟏",
    },
    "model.fig.hyper.variance": {
        "zh": "u₁、u₂、u₃ ⟂ 𝟏：承载输入离散程度的 {share}",
        "en": "u₁, u₂, u₃ ⟂ 𝟏: {share} of the inputs' spread",
    },
    "model.fig.hyper.axis": {"zh": "u{i}", "en": "u{i}"},
    "model.fig.hyper.before": {"zh": "输入 x 的投影", "en": "Inputs x, projected"},
    "model.fig.hyper.after": {
        "zh": "LN(x)（γ = 1，β = 0）的投影：<br>落在 √D 球面的三维影子之内",
        "en": "LN(x) at γ = 1, β = 0, projected:<br>inside the √D sphere's 3D shadow",
    },
    "model.fig.hyper.moves": {"zh": "每个词元的移动 x → LN(x)", "en": "Each token's move x → LN(x)"},
    "model.fig.hyper.sphere": {"zh": "√D 球面（半径 {radius}）", "en": "√D sphere (radius {radius})"},
    "model.fig.hyper.hover": {"zh": "词元 {i}「{token}」", "en": "Token {i} “{token}”"},
    "model.share.reading.one": {
        "zh": "上传的状态沿 𝟏 的占比按行平均是 {mean}，最大是 {top}（第 {token} 行），最小是 {low}。",
        "en": "The uploaded states' share along 𝟏 is {mean} on average over the rows, at most {top} (row {token}) and "
        "at least {low}.",
    },
    "model.share.none": {
        "zh": "没有一行的占比有定义：每一行都是零向量。",
        "en": "No row has a defined share: every row is the zero vector.",
    },
    "model.gap.reading.one": {
        "zh": "在上传的各行上，这个差平均是 {mean}；最大的是 {top}，在第 {token} 行（那里沿 𝟏 "
        "的占比是 {share}）。用 ε = {eps} 算出的差与上面 ε = 0 的公式最多相差 "
        "{error}。",
        "en": "Over the uploaded rows the gap is {mean} on average; the largest is {top}, at row {token} (whose share "
        "along 𝟏 is {share}). The gaps computed with ε = {eps} differ from the ε = 0 formula above by at most "
        "{error}.",
    },
    "model.gap.none": {
        "zh": "没有一行的差有定义：每一行的坐标都相等（LayerNorm 在 ε = 0 附近是 0/0）。",
        "en": "No row has a defined gap: in every row all coordinates are equal (LayerNorm is 0/0 near ε = 0).",
    },
    "model.out.none.one": {
        "zh": "上传的状态里没有坐标超过 {threshold} 倍均方根；最大的比值是 {largest}。",
        "en": "No coordinate of the uploaded states exceeds {threshold} times the root mean square; the largest ratio "
        "is {largest}.",
    },
    "model.out.found.single": {
        "zh": "{norm} 的输入里只有 {coord} 在某个词元上超过 {threshold} 倍均方根："
        "{total} 个词元中有 {tokens} 个，最大在词元 {token} 上达到 {ratio} 倍"
        "。在这些词元上，与把它置 0 相比，RMSNorm（ε = 0）平均把其余每个坐标乘以 {factor}"
        "，最低到 {lowest}。",
        "en": "Only {coord} of {norm}'s inputs exceeds {threshold} times the root mean square in some token: in "
        "{tokens} of {total} tokens, at most {ratio} times, at the token {token}. Over those tokens, compared "
        "with it set to 0, RMSNorm (ε = 0) multiplies every other coordinate by {factor} on average, and by as "
        "little as {lowest}.",
    },
    "model.out.found.one": {
        "zh": "上传的状态里有 {count} 个坐标在某一行上超过 {threshold} 倍均方根。超过阈值的行最多"
        "的是 {coord}（{total} 行中的 {tokens} 行）；单个比值最大的是 {strong}"
        "，在第 {token} 行达到 {ratio} 倍。在有坐标超过阈值的行上，与把这些坐标置 0 相比，R"
        "MSNorm（ε = 0）平均把其余每个坐标乘以 {factor}，最低到 {lowest}。",
        "en": "{count} coordinates of the uploaded states exceed {threshold} times the root mean square in some row. "
        "The one flagged in the most rows is {coord} ({tokens} of {total}); the largest single ratio is "
        "{strong}'s, {ratio} times, at row {token}. Over the rows where something is flagged, compared with "
        "those coordinates set to 0, RMSNorm (ε = 0) multiplies every other coordinate by {factor} on average, "
        "and by as little as {lowest}.",
    },
    "model.out.found.single.one": {
        "zh": "上传的状态里只有 {coord} 在某一行上超过 {threshold} 倍均方根：{total} 行中"
        "有 {tokens} 行，最大在第 {token} 行达到 {ratio} 倍。在这些行上，与把它置 0"
        " 相比，RMSNorm（ε = 0）平均把其余每个坐标乘以 {factor}，最低到 {lowest}。",
        "en": "Only {coord} of the uploaded states exceeds {threshold} times the root mean square in some row: in "
        "{tokens} of {total} rows, at most {ratio} times, at row {token}. Over those rows, compared with it set "
        "to 0, RMSNorm (ε = 0) multiplies every other coordinate by {factor} on average, and by as little as "
        "{lowest}.",
    },
    "model.out.recur.token": {
        "zh": "在全部 {norms} 个 LayerNorm 上，{coord} 在 {total} 个（LayerN"
        "orm，词元）组合中有 {pairs} 个超过阈值，涉及 {norms_hit} 个 LayerNorm"
        "，但总是同一个词元：它在不同 LayerNorm 上反复出现，在不同词元上则没有。",
        "en": "Across all {norms} LayerNorms, {coord} exceeds the threshold in {pairs} of the {total} (LayerNorm, "
        "token) pairs, at {norms_hit} of the LayerNorms, but always at one and the same token: it recurs across "
        "LayerNorms, not across tokens.",
    },
    "model.gamma.small.one": {
        "zh": "{where}有一个坐标的 |γ| 小于 {below}（|γ| 中位数的 5 %）：{coords}。"
        "它的输出几乎不变：在超平面里，它离 β 最多 |γᵢ|·√(D − 1) = {reach}。",
        "en": "In {where}, one coordinate has |γ| below {below} (5 % of the median |γ|): {coords}. Its output hardly "
        "moves: within the hyperplane it stays within |γᵢ|·√(D − 1) = {reach} of its β.",
    },
    "model.gamma.outlier.one": {
        "zh": "其中 {coords} 也是这个归一化层在这里的输入的离群坐标（超过 {threshold} 倍均方根）"
        "：这个离群值本身在输出里被关掉了（输出约等于 β），但它仍然通过 σ 把其余每个坐标缩小。",
        "en": "Of these, {coords} is also an outlier coordinate of that norm's input here (above {threshold} times the "
        "root mean square): the outlier itself is switched off in the output (its output is about β), yet "
        "through σ it still shrinks every other coordinate.",
    },
    "model.gamma.where.last": {
        "zh": "最后一个 LayerNorm（{norm}）",
        "en": "the last LayerNorm ({norm})",
    },
    "model.picture.all": {
        "zh": "全部",
        "en": "all",
    },
    "model.picture.none": {
        "zh": "少于两个有定义的输出，画不出数据的主方向。",
        "en": "Fewer than two defined outputs: there are no principal directions to draw.",
    },
    "model.picture.undefined": {
        "zh": "有 {count} 行的坐标全都相等，它们在 ε = 0 时的 LayerNorm 是 0/0，没有画出输出。",
        "en": "{count} rows have all coordinates equal; their LayerNorm at ε = 0 is 0/0, and no output is drawn for "
        "them.",
    },
    # --- LayerNorm frozen at inference (Baroni et al. 2025)
    "model.freeze.header": {"zh": "推理时冻结 LayerNorm 的 σ", "en": "LayerNorm frozen at inference"},
    "model.freeze.text": {
        "zh": "Baroni、Khara、Schaeffer、Subkhankulov 和 Heimersheim（2025，arXiv:2507.02559）把 GPT-2 里每个 "
        "LayerNorm 的 σ 换成一个固定常数，在一段短暂的微调中逐个去掉这些归一化层；他们报告说，GPT-2 XL 的验证交叉熵只升高约 "
        "0.03（这是他们在自己的模型上的结果）。除数固定以后，LayerNorm 就成了 x 的仿射映射：它仍然减去均值 μ·𝟏，"
        "却不再用每个词元自己的 s 去除，所以 x − μ𝟏 的长度被保留下来。输出不再落在超平面 ⟂ 𝟏 里的 √D 球面上，而是铺满整个超平面："
        "球面变成了平面。下面把这些常数直接放进训练好的 all-MiniLM-L6-v2，**没有做任何微调**：看到的是训练好的模型"
        "还多么依赖归一化层的这一步除法，而不是论文的结果。",
        "en": "Baroni, Khara, Schaeffer, Subkhankulov & Heimersheim (2025, arXiv:2507.02559) replace the σ of every "
        "LayerNorm in GPT-2 by a fixed constant, removing the norms one at a time during a short fine-tune, and "
        "report that GPT-2 XL's validation cross-entropy then rises by only about 0.03 (their result, on their "
        "models). With the divisor fixed, LayerNorm becomes an affine map of x: it still removes the mean μ·𝟏, "
        "but no longer divides each token by its own s, so the length of x − μ𝟏 is kept. Its outputs fill the "
        "whole hyperplane ⟂ 𝟏 instead of the √D sphere within it: a plane instead of a sphere. Below, the "
        "constants go into all-MiniLM-L6-v2 as it was trained, **without any fine-tuning**: this shows how much "
        "the trained model still relies on its norms' division, not the paper's result.",
    },
    "model.freeze.mode": {"zh": "常数怎么取", "en": "Constants"},
    "model.freeze.mode.one": {"zh": "每个 LayerNorm 一个 σ", "en": "One σ per LayerNorm"},
    "model.freeze.mode.cls": {"zh": "[CLS] 单独一个 σ", "en": "[CLS] with its own σ"},
    "model.freeze.mode.help": {
        "zh": "每个 LayerNorm 一个 σ：所有词元都除以同一个常数。[CLS] 单独一个 σ：位置 0 的 [CLS] 用它自己的常数，"
        "其余词元共用另一个；论文的代码对第一个词元也是这样单独估计的（GPT-2 第一个词元的 σ 大得多，正如这里 "
        "layer1.output 到 layer4.output 上的 [CLS]）。",
        "en": "One σ per LayerNorm: every token is divided by the same constant. [CLS] with its own σ: position 0 "
        "([CLS]) gets a constant of its own and the other tokens share another, as the paper's code estimates the "
        "first token's σ apart (in GPT-2 it is far larger, as [CLS]'s is here at layer1.output to layer4.output).",
    },
    "model.freeze.upto": {"zh": "冻结的 LayerNorm 个数（从第一个起）", "en": "LayerNorms frozen (from the first)"},
    "model.freeze.upto.help": {
        "zh": "冻结前 k 个 LayerNorm，其余的保持训练时的样子。",
        "en": "Freeze the first k LayerNorms and leave the others as trained.",
    },
    "model.freeze.calibration": {
        "zh": "常数在随应用一起提供的 {n} 个短句上估计（列在下面；连同 [CLS] 和 [SEP] 共 {tokens} 个词元），"
        "用的是没有冻结的模型：每个 LayerNorm 的常数是这些词元在它输入处各自的 s = √(σ² + ε) 的平均值"
        "（σ² 是 D = {d} 个特征上的有偏方差，ε = {eps}）。按全部词元平均，这些常数从 {low}（{low_norm}）"
        "到 {high}（{high_norm}）。[CLS] 与众不同：在 {cls_norm} 上它的 s 平均是 {cls}，其余词元是 {rest}，"
        "相差 {times} 倍。",
        "en": "The constants are estimated on {n} short sentences shipped with the app (listed below; {tokens} "
        "tokens with [CLS] and [SEP]), run through the ordinary model: each LayerNorm's constant is the mean over "
        "those tokens of each token's own s = √(σ² + ε) at the LayerNorm's input (σ² the biased variance over "
        "the D = {d} features, ε = {eps}). Over all tokens these means run from {low} ({low_norm}) to {high} "
        "({high_norm}). [CLS] stands apart: at {cls_norm} its s averages {cls} against {rest} for the other "
        "tokens, {times} times as much.",
    },
    "model.freeze.table": {
        "zh": "每个 LayerNorm 的常数，以及校准句",
        "en": "Every LayerNorm's constants, and the sentences",
    },
    "model.freeze.col.norm": {"zh": "LayerNorm", "en": "LayerNorm"},
    "model.freeze.col.all": {"zh": "全部词元的平均 s", "en": "mean s, all tokens"},
    "model.freeze.col.cls": {"zh": "[CLS] 的平均 s", "en": "mean s, [CLS]"},
    "model.freeze.col.rest": {"zh": "其余词元的平均 s", "en": "mean s, the others"},
    "model.freeze.col.min": {"zh": "最小的 s", "en": "smallest s"},
    "model.freeze.col.max": {"zh": "最大的 s", "en": "largest s"},
    "model.freeze.col.rank": {"zh": "名次", "en": "rank"},
    "model.freeze.col.original": {"zh": "原模型", "en": "ordinary model"},
    "model.freeze.col.frozen": {"zh": "冻结后", "en": "frozen"},
    "model.freeze.col.cos": {"zh": "余弦", "en": "cosine"},
    "model.freeze.sentences": {"zh": "校准句：", "en": "The calibration sentences:"},
    "model.freeze.drift.description": {
        "zh": "两个面板：每个 LayerNorm 冻结后的输出与原输出的余弦（按词元平均和最低的词元），以及相对误差。",
        "en": "Two panels: per LayerNorm, the cosine between the frozen run's output and the ordinary one's (mean "
        "over the tokens and the lowest token), and the relative error.",
    },
    "model.freeze.drift": {
        "zh": "冻结 {n} 个 LayerNorm 中的前 {k} 个（{mode}）后，最后一个 {last} 的输出与原来的余弦按词元平均是 {cos}"
        "（最低的词元是 {low}），在它的全部词元上 ‖Y_冻结 − Y‖_F/‖Y‖_F = {rel}。",
        "en": "With the first {k} of the {n} LayerNorms frozen ({mode}), the output of the last one, {last}, has a "
        "mean cosine of {cos} to the ordinary run's (the lowest token: {low}), and ‖Y_frozen − Y‖_F/‖Y‖_F = {rel} "
        "over its tokens.",
    },
    "model.freeze.below": {
        "zh": "平均余弦第一次低于 {mark} 是在 {norm}。",
        "en": "The mean cosine first falls below {mark} at {norm}.",
    },
    "model.freeze.above": {
        "zh": "在每个 LayerNorm 上，平均余弦都不低于 {mark}。",
        "en": "The mean cosine stays at or above {mark} at every LayerNorm.",
    },
    "model.freeze.embedding": {
        "zh": "句向量（最后一层隐藏状态在全部词元上的平均，再做 L2 归一化，和模型说明里的算法一样）与原模型的句向量的余弦是 {cos}。",
        "en": "The sentence embedding (the mean of the last hidden states over all tokens, L2-normalized, as the "
        "model card computes it) has cosine {cos} to the ordinary model's.",
    },
    "model.freeze.same_order": {
        "zh": "按与你的文本的余弦排序，应用里其余 {n} 个句子（校准句和例句）在冻结后的模型里顺序完全不变。",
        "en": "Ranked by cosine to your text, the other {n} sentences of the app (the calibration sentences and the "
        "examples) keep exactly the same order in the frozen model.",
    },
    "model.freeze.new_order": {
        "zh": "按与你的文本的余弦排序，应用里其余 {n} 个句子（校准句和例句）在冻结后的模型里顺序变了：{n} 个中有 {moved} 个换了名次。",
        "en": "Ranked by cosine to your text, the other {n} sentences of the app (the calibration sentences and the "
        "examples) change their order in the frozen model: {moved} of the {n} take another rank.",
    },
    "model.freeze.top": {
        "zh": "前 {k} 名中有 {kept} 名的句子不变。",
        "en": "The same sentence stands in {kept} of the first {k} places.",
    },
    "model.freeze.same_nearest": {
        "zh": "最近的仍然是“{sentence}”。",
        "en": "The nearest is still “{sentence}”.",
    },
    "model.freeze.new_nearest": {
        "zh": "最近的原来是“{sentence}”，现在是“{now}”。",
        "en": "The nearest was “{sentence}” and is now “{now}”.",
    },
    "model.freeze.slice.text": {
        "zh": "在一个 LayerNorm 的输入（原模型的输入）上看几何：取自己的 s 相对冻结常数 c 最小和最大的两个词元。"
        "三维切片由 𝟏 和这两个词元去均值后的输入张成，两个输入都恰好在切片里，没有任何部分被投影掉。"
        "两种映射都先沿 𝟏 把输入落到平面 ⟂ 𝟏 上（去掉均值）。LayerNorm 接着把它缩放到半径 √D 的圆上，"
        "这是它在这个切片里的输出集合；冻结的映射改为除以 c，长度保留下来：它的输出集合是整个平面。"
        "这里 γ = 1，β = 0（学到的 γ 和 β 对两个输出集合做同样的拉伸和平移）。",
        "en": "The geometry on two tokens of one LayerNorm's input (the ordinary model's): the tokens whose own s "
        "is smallest and largest against the frozen constant c. The 3D slice is spanned by 𝟏 and the two tokens' "
        "centred inputs, so both inputs lie in it exactly: nothing is projected away. Both maps drop an input "
        "along 𝟏 onto the plane ⟂ 𝟏 (the mean removed). LayerNorm then scales it onto the circle of radius √D, "
        "its output set in this slice; the frozen map divides by c instead and keeps the length: its output set "
        "is the whole plane. Here γ = 1 and β = 0 (the learned γ and β stretch and move both output sets alike).",
    },
    "model.freeze.slice": {"zh": "三维切片用哪个 LayerNorm 的输入", "en": "The LayerNorm whose input the slice shows"},
    "model.freeze.slice.help": {
        "zh": "这个 LayerNorm 在原模型里收到的输入；常数按上面选的方式取。",
        "en": "The input this LayerNorm receives in the ordinary model; the constants as chosen above.",
    },
    "model.freeze.slice.description": {
        "zh": "三维图：两个词元的输入、沿 𝟏 去掉均值、LayerNorm 在圆上的输出和冻结映射在平面上的输出。",
        "en": "3D: two tokens' inputs, the mean removed along 𝟏, LayerNorm's outputs on the circle and the frozen "
        "map's outputs in the plane.",
    },
    "model.freeze.slice.reading": {
        "zh": "在 {norm} 上，{a} 的 s/c = {ra}，{b} 的 s/c = {rb}。LayerNorm 把两者都放在长度 {ln} 处的圆上"
        "（√D = {root}）；冻结的映射给它们的长度是 {fa} 和 {fb}：方向相同，长度是 LayerNorm 输出的 s/c 倍。",
        "en": "At {norm}, {a} has s/c = {ra} and {b} has s/c = {rb}. LayerNorm puts both on the circle, at length "
        "{ln} (√D = {root}); the frozen map gives them the lengths {fa} and {fb}: the same directions, s/c times "
        "LayerNorm's length.",
    },
    # --- the largest coordinates and LayerNorm's Jacobian (Chen & Yao 2026)
    "model.jac.header": {
        "zh": "最大的坐标与 LayerNorm 的雅可比",
        "en": "The largest coordinates and LayerNorm's Jacobian",
    },
    "model.jac.text": {
        "zh": "Chen 和 Yao（2026，arXiv:2603.17771）认为，巨大激活在训练中起着调节梯度的作用：因果掩码下的注意力汇聚"
        "把梯度集中到少数词元上，而 RMSNorm 的雅可比大约按输入长度的倒数缩小梯度，所以一个巨大的坐标会压低经过该词元"
        "归一化层的梯度（这是他们针对 Pre-Norm 解码器里 RMSNorm 的论证）。这里的模型是 Post-LN 编码器，用 LayerNorm，"
        "也没有因果掩码，所以只能展示其中的机制：LayerNorm 在 x 处的雅可比，以及它在坐标最大的词元上有多大。"
        "不计 γ 时雅可比是对称的，奇异值是 1/s（在 ⟂ 𝟏、⟂ z 的 D − 2 个方向上）、沿 z 的 ε/s³ 和沿 𝟏 的 0，"
        "所以谱范数是 1/s：经过这个归一化层的任何梯度最多被放大到 1/s 倍。一个 |xᵢ − μ| = a 的坐标迫使 "
        "σ ≥ a/√(D − 1)（其余 D − 1 个去均值的坐标之和是 −a），因此 1/s ≤ √(D − 1)/a。",
        "en": "Chen & Yao (2026, arXiv:2603.17771) argue that massive activations act as regulators of the gradient "
        "in training: attention sinks under a causal mask concentrate the gradient on a few tokens, and since "
        "RMSNorm's Jacobian shrinks the gradient roughly in inverse proportion to the input's norm, a huge "
        "coordinate damps what passes through that token's norm (their argument, for RMSNorm in pre-norm "
        "decoders). This model is a post-LN encoder with LayerNorm and no causal mask, so only the mechanism can "
        "be shown here: LayerNorm's Jacobian at x, and how large it is at the tokens with the largest coordinates. "
        "Without γ the Jacobian is symmetric, with singular values 1/s (on the D − 2 directions ⟂ 𝟏 and ⟂ z), "
        "ε/s³ along z and 0 along 𝟏, so its spectral norm is 1/s: any gradient through the norm is scaled by at "
        "most 1/s. A coordinate with |xᵢ − μ| = a forces σ ≥ a/√(D − 1) (the other D − 1 centred coordinates sum "
        "to −a), hence 1/s ≤ √(D − 1)/a.",
    },
    "model.jac.description": {
        "zh": "对数坐标散点图：每个（LayerNorm，词元）的最大 |xᵢ − μ| 与雅可比范数 1/s，标出每个 LayerNorm 上坐标最大的词元和上界。",
        "en": "Log-log scatter: for every (LayerNorm, token), the largest |xᵢ − μ| against the Jacobian norm 1/s, "
        "with each LayerNorm's token of the largest coordinate and the bound marked.",
    },
    "model.jac.count": {
        "zh": "在 {n} 个 LayerNorm 中的 {count} 个上，输入里 |xᵢ| 最大的那个词元的 s 也最大，因而在全部 {tokens} "
        "个词元中雅可比范数 1/s 最小：{norms}。",
        "en": "At {count} of the {n} LayerNorms the token holding the input's largest |xᵢ| also has the largest s, "
        "and so the smallest Jacobian norm 1/s of all {tokens} tokens: {norms}.",
    },
    "model.jac.count.one": {
        "zh": "在 {n} 个 LayerNorm 中只有一个（{norms}）上，输入里 |xᵢ| 最大的那个词元的 s 也最大，因而在全部 "
        "{tokens} 个词元中雅可比范数 1/s 最小。",
        "en": "At one of the {n} LayerNorms ({norms}) the token holding the input's largest |xᵢ| also has the "
        "largest s, and so the smallest Jacobian norm 1/s of all {tokens} tokens.",
    },
    "model.jac.none": {
        "zh": "在 {n} 个 LayerNorm 中，没有一个上 |xᵢ| 最大的那个词元在全部 {tokens} 个词元中雅可比范数 1/s 最小。",
        "en": "At none of the {n} LayerNorms does the token holding the input's largest |xᵢ| have the smallest "
        "Jacobian norm 1/s of all {tokens} tokens.",
    },
    "model.jac.case": {
        "zh": "差别最大的是 {norm}：{token} 的 {coord} = {value} 使它的 s = {s}，于是 1/s = {jac}，"
        "只有中位数词元的 {median} 的 1/{times}；它达到了上界 √(D − 1)/max |xᵢ − μ| = {bound} 的 {share}："
        "这一个坐标几乎撑起了整个 σ。",
        "en": "The largest gap is at {norm}: {token}'s {coord} = {value} gives it s = {s}, so 1/s = {jac}, "
        "{times} times smaller than the median token's {median}, and {share} of the bound "
        "√(D − 1)/max |xᵢ − μ| = {bound}: that one coordinate makes almost all of σ.",
    },
    "model.jac.case.spread": {
        "zh": "差别最大的是 {norm}：{token} 的 {coord} = {value} 使它的 s = {s}，于是 1/s = {jac}，"
        "只有中位数词元的 {median} 的 1/{times}；它是上界 √(D − 1)/max |xᵢ − μ| = {bound} 的 {share}。",
        "en": "The largest gap is at {norm}: {token}'s {coord} = {value} gives it s = {s}, so 1/s = {jac}, "
        "{times} times smaller than the median token's {median}, and {share} of the bound "
        "√(D − 1)/max |xᵢ − μ| = {bound}.",
    },
    "model.jac.gamma": {
        "zh": "算上 γ，{norm} 上这个词元的 ‖diag(γ)·J‖₂ = {value}（即 diag(γ)·J 最大的奇异值，√λmax((diag(γ)J)ᵀ(diag(γ)J))）。",
        "en": "With γ included, ‖diag(γ)·J‖₂ at that token of {norm} is {value} (its largest singular value, √λmax((diag(γ)J)ᵀ(diag(γ)J))).",
    },
    "model.jac.table": {"zh": "每个 LayerNorm 上最大的坐标", "en": "The largest coordinate at every LayerNorm"},
    "model.jac.col.norm": {"zh": "LayerNorm", "en": "LayerNorm"},
    "model.jac.col.token": {"zh": "|xᵢ| 最大的词元", "en": "token of the largest |xᵢ|"},
    "model.jac.col.coord": {"zh": "坐标", "en": "coordinate"},
    "model.jac.col.value": {"zh": "xᵢ", "en": "xᵢ"},
    "model.jac.col.s": {"zh": "s = √(σ² + ε)", "en": "s = √(σ² + ε)"},
    "model.jac.col.jac": {"zh": "‖J‖₂ = 1/s", "en": "‖J‖₂ = 1/s"},
    "model.jac.col.median": {"zh": "各词元 1/s 的中位数", "en": "median 1/s of the tokens"},
    "model.jac.col.gamma": {"zh": "‖diag(γ)·J‖₂", "en": "‖diag(γ)·J‖₂"},
    "model.jac.col.min": {"zh": "这里 1/s 最小？", "en": "smallest 1/s here?"},
    "model.jac.yes": {"zh": "是", "en": "yes"},
    "model.jac.no": {"zh": "否", "en": "no"},
    # --- their figures
    "model.fig.drift.title": {
        "zh": "冻结 {n} 个 LayerNorm 中的前 {k} 个",
        "en": "The first {k} of {n} LayerNorms frozen",
    },
    "model.fig.drift.cos.title": {"zh": "与原输出的余弦", "en": "Cosine to the ordinary output"},
    "model.fig.drift.rel.title": {"zh": "相对误差 ‖Y_冻结 − Y‖_F/‖Y‖_F", "en": "Relative error ‖Y_frozen − Y‖_F/‖Y‖_F"},
    "model.fig.drift.cos": {"zh": "按词元平均", "en": "Mean over the tokens"},
    "model.fig.drift.min": {"zh": "最低的词元", "en": "Lowest token"},
    "model.fig.drift.rel": {"zh": "相对误差", "en": "Relative error"},
    "model.fig.drift.cos.hover": {"zh": "{norm}：平均余弦 {value}", "en": "{norm}: mean cosine {value}"},
    "model.fig.drift.min.hover": {
        "zh": "{norm}：最低词元的余弦 {value}",
        "en": "{norm}: lowest token's cosine {value}",
    },
    "model.fig.drift.rel.hover": {
        "zh": "{norm}：‖Y_冻结 − Y‖_F/‖Y‖_F = {value}",
        "en": "{norm}: ‖Y_frozen − Y‖_F/‖Y‖_F = {value}",
    },
    "model.fig.drift.edge": {"zh": "冻结到这里为止（前 {k} 个）", "en": "Frozen up to here (the first {k})"},
    "model.fig.drift.x": {"zh": "LayerNorm（按数据经过的顺序）", "en": "LayerNorm (in the order the data passes them)"},
    "model.fig.drift.cos.y": {"zh": "余弦", "en": "cosine"},
    "model.fig.drift.rel.y": {"zh": "相对误差", "en": "relative error"},
    "model.fig.slice.title": {
        "zh": "{norm} 上的两个词元",
        "en": "Two tokens at {norm}",
    },
    "model.fig.slice.subtitle": {
        "zh": "LayerNorm：圆；冻结的 σ：平面 ⟂ 𝟏（γ = 1，β = 0）",
        "en": "LayerNorm: a circle; σ frozen: the plane ⟂ 𝟏 (γ = 1, β = 0)",
    },
    "model.fig.slice.plane": {"zh": "冻结映射的输出：平面 ⟂ 𝟏", "en": "Frozen map's outputs: the plane ⟂ 𝟏"},
    "model.fig.slice.circle": {
        "zh": "LayerNorm 的输出：半径 {radius} 的圆",
        "en": "LayerNorm's outputs: the circle of radius {radius}",
    },
    "model.fig.slice.centring": {"zh": "去掉均值：沿 𝟏 落下", "en": "Mean removed: a drop along 𝟏"},
    "model.fig.slice.rays": {"zh": "每个词元的方向", "en": "Each token's direction"},
    "model.fig.slice.inputs": {"zh": "输入 x", "en": "Inputs x"},
    "model.fig.slice.ln": {"zh": "LN(x)（γ = 1，β = 0）", "en": "LN(x) (γ = 1, β = 0)"},
    "model.fig.slice.frozen": {"zh": "冻结的 (x − μ𝟏)/c", "en": "Frozen (x − μ𝟏)/c"},
    "model.fig.slice.hover": {"zh": "词元「{token}」", "en": "Token “{token}”"},
    "model.fig.slice.e1": {"zh": "e₁", "en": "e₁"},
    "model.fig.slice.e2": {"zh": "e₂", "en": "e₂"},
    "model.fig.slice.ones": {"zh": "𝟏/√D", "en": "𝟏/√D"},
    "model.fig.jac.title": {
        "zh": "LayerNorm 的雅可比范数",
        "en": "LayerNorm's Jacobian norm",
    },
    "model.fig.jac.subtitle": {
        "zh": "对每个词元最大的去均值坐标",
        "en": "against each token's largest centred coordinate",
    },
    "model.fig.jac.x": {"zh": "词元输入的最大 |xᵢ − μ|", "en": "Largest |xᵢ − μ| of the token's input"},
    "model.fig.jac.y": {"zh": "‖J‖₂ = 1/s（γ = 1）", "en": "‖J‖₂ = 1/s (γ = 1)"},
    "model.fig.jac.bound": {"zh": "上界 √(D − 1)/max |xᵢ − μ|", "en": "Bound √(D − 1)/max |xᵢ − μ|"},
    "model.fig.jac.tokens": {"zh": "每个（LayerNorm，词元）", "en": "Every (LayerNorm, token)"},
    "model.fig.jac.top": {"zh": "LayerNorm 上 |xᵢ| 最大的词元", "en": "The LayerNorm's token of the largest |xᵢ|"},
    "model.fig.jac.hover": {
        "zh": "{norm}，「{token}」：max |xᵢ − μ| = {x}，1/s = {y}",
        "en": "{norm}, “{token}”: max |xᵢ − μ| = {x}, 1/s = {y}",
    },
}
