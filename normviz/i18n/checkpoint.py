"""Strings of the checkpoint page (and the English of ``python -m normviz inspect``)."""

STRINGS = {
    "nav.checkpoint": {"zh": "读检查点", "en": "Checkpoint reader"},
    "overview.page.checkpoint": {
        "zh": "打开一个检查点，看它存了哪些归一化参数，并判断模型用的是 LayerNorm 还是 RMSNorm——以及什么时候单凭文件判断不了。",
        "en": "Open a checkpoint, see which normalization parameters it stores, and tell LayerNorm from RMSNorm, "
        "or see why the file alone cannot.",
    },
    "checkpoint.title": {
        "zh": "读检查点：从权重看出模型用的是哪种归一化",
        "en": "Reading a checkpoint: which normalization a model uses, judged from its weights",
    },
    "checkpoint.intro": {
        "zh": "检查点只存参数，不存公式。归一化层在里面留下的是一维的 γ（名字多为 weight），有时还有 β（bias）。"
        "大多数归一化作用在隐藏状态上，它们的 γ 长度等于隐藏维 D。QK-norm 则作用在注意力的查询和键上"
        "（Qwen3、Gemma 3、OLMo 2 里的 q_norm 和 k_norm）：Qwen3 和 Gemma 3 对每个注意力头单独归一化，"
        "γ 的长度是 head_dim，所有头共用这一个；OLMo 2 把整个查询（或键）投影一起归一化，长度是头数 × head_dim。"
        "本页按名字和形状找出这些参数，说明每个 γ 覆盖的是什么，数一数它们占模型的多少，并说明能从中推断出什么、推断不出什么。",
        "en": "A checkpoint stores parameters, not formulas. What a normalization layer leaves in it is a 1-D γ "
        "(usually called weight), sometimes with a β (bias). Most norms act on the hidden state, and their γ is as "
        "long as the hidden size D. A QK-norm acts on the attention's queries and keys instead (q_norm and k_norm "
        "in Qwen3, Gemma 3 and OLMo 2): Qwen3 and Gemma 3 normalize each head on its own, so their γ is head_dim "
        "long and shared by all the heads; OLMo 2 normalizes the whole query (or key) projection at once, "
        "n_heads × head_dim numbers. This page finds those parameters by name and shape, says what each γ spans, "
        "counts their share of the model, and says what they prove and what they do not.",
    },
    # choosing the file
    "checkpoint.source": {"zh": "读哪个检查点", "en": "Checkpoint to read"},
    "checkpoint.source.gpt2": {"zh": "示例：类 GPT-2", "en": "Example: GPT-2-like"},
    "checkpoint.source.llama": {"zh": "示例：类 LLaMA", "en": "Example: LLaMA-like"},
    "checkpoint.source.qwen3": {"zh": "示例：类 Qwen3（QK-norm）", "en": "Example: Qwen3-like (QK-norm)"},
    "checkpoint.source.upload": {"zh": "上传文件", "en": "Upload a file"},
    "checkpoint.source.help": {
        "zh": "三个示例是仓库里自带的小文件：名字和布局照真实模型，隐藏维缩小为 32，数值由固定随机种子的随机数生成，不是训练得到的。"
        "模型初始化时 γ 是 1（PyTorch 的 LayerNorm 和 RMSNorm），但训练可以把它带到任何地方，没有什么让它留在 1 附近；"
        "这些示例里也有远离 1 的。下面的表和图按模块给出文件里 γ 的分布。",
        "en": "The three examples are small files that ship with the app: names and layout as in the real models, "
        "hidden size scaled down to 32, numbers drawn from a seeded generator, not trained values. γ starts at 1 "
        "when a model is initialised (PyTorch's LayerNorm and RMSNorm), but training may take it anywhere: nothing "
        "holds it near 1, and in these examples it is far from 1 in places. The tables and figures below show its "
        "distribution in the file, module by module.",
    },
    "checkpoint.use_config": {"zh": "同时读它的 config.json", "en": "Also read its config.json"},
    "checkpoint.use_config.help": {
        "zh": "关掉它，就只剩参数名和形状可依据：看看结论会变成什么。",
        "en": "Switch it off to judge by names and shapes alone, and see what the verdict becomes.",
    },
    "checkpoint.no_config_example": {
        "zh": "这个示例没有 config.json：γ 和 β 同时在，参数本身就足以说明是 LayerNorm。",
        "en": "This example has no config.json: with both γ and β present, the parameters alone show LayerNorm.",
    },
    "checkpoint.upload": {
        "zh": "检查点文件（.safetensors、.pt、.bin）",
        "en": "Checkpoint file (.safetensors, .pt, .bin)",
    },
    "checkpoint.upload.help": {
        "zh": "最大 {limit} MB。格式按文件内容判断，不看扩展名。PyTorch 文件只用 torch.load(weights_only=True) 读：除张量和普通容器外的任何对象都会被拒绝，文件里的代码不会运行。",
        "en": "At most {limit} MB. The format is told by the content, not the extension. PyTorch files are read "
        "only with torch.load(weights_only=True): any object other than tensors and plain containers is "
        "refused, and no code in the file runs.",
    },
    "checkpoint.upload_config": {"zh": "它的 config.json（可选）", "en": "Its config.json (optional)"},
    "checkpoint.reading": {"zh": "正在读取文件…", "en": "Reading the file…"},
    "checkpoint.upload.prompt": {
        "zh": "上传一个检查点（safetensors 或 PyTorch 的 state dict），或者在上面选一个示例。",
        "en": "Upload a checkpoint (safetensors or a PyTorch state dict), or pick an example above.",
    },
    "checkpoint.file_line": {
        "zh": "文件 {name}：{format}，{tensors} 个张量",
        "en": "File {name}: {format}, {tensors} tensors",
    },
    "checkpoint.config_line": {"zh": "配置 {name}：{facts}", "en": "Config {name}: {facts}"},
    "checkpoint.config_line.none": {"zh": "没有提到归一化的信息", "en": "nothing about the norms"},
    "checkpoint.format.safetensors": {"zh": "safetensors", "en": "safetensors"},
    "checkpoint.format.torch_zip": {"zh": "PyTorch state dict（zip 格式）", "en": "PyTorch state dict (zip format)"},
    "checkpoint.format.torch_legacy": {
        "zh": "PyTorch state dict（旧的 pickle 格式）",
        "en": "PyTorch state dict (legacy pickle format)",
    },
    # errors
    "checkpoint.error.too_large": {
        "zh": "文件 {name} 有 {size} 字节，超过上限 {limit} 字节，没有读取。",
        "en": "File {name} has {size} bytes, more than the limit of {limit} bytes; it was not read.",
    },
    "checkpoint.error.empty": {"zh": "文件 {name} 是空的（0 字节）。", "en": "File {name} is empty (0 bytes)."},
    "checkpoint.error.truncated": {
        "zh": "文件 {name} 不完整：它在数据结束之前就断了（下载或复制不完整？）。",
        "en": "File {name} is cut off: it ends before its data does (an incomplete download or copy?).",
    },
    "checkpoint.error.not_a_checkpoint": {
        "zh": "文件 {name} 既不是 safetensors 文件，也不是可读的 PyTorch 检查点。",
        "en": "File {name} is neither a safetensors file nor a readable PyTorch checkpoint.",
    },
    "checkpoint.error.pickle_refused": {
        "zh": "已拒绝文件 {name}：它的 pickle 要求构造张量和普通容器以外的对象（也可能是文件损坏）。按 weights_only 的规则，这样的文件不会被加载，其中的代码也没有运行。",
        "en": "File {name} was refused: its pickle asks for objects other than tensors and plain containers (or "
        "it is damaged). Under weights_only such a file is not loaded, and no code in it ran.",
    },
    "checkpoint.error.unsupported": {
        "zh": "文件 {name} 里有本页读不了的张量（{dtype}，例如量化或稀疏张量）。",
        "en": "File {name} holds a tensor this page cannot read ({dtype}, e.g. quantized or sparse).",
    },
    "checkpoint.error.too_many_tensors": {
        "zh": "文件 {name} 声明了 {count} 个张量，超过本页读取的上限 {limit} 个（小于 {mb} MB 的真实模型最多几千个），没有读取。",
        "en": "File {name} declares {count} tensors, more than the {limit} this page reads (a real model under "
        "{mb} MB has a few thousand at most); it was not read.",
    },
    "checkpoint.error.time_limit": {
        "zh": "读取文件 {name} 用了超过 {limit} 秒，已被停止。它在单独的进程里读取，应用的其余部分不受影响。",
        "en": "Reading file {name} took more than {limit} s and was stopped. It was read in a process of its own; "
        "the rest of the app is unaffected.",
    },
    "checkpoint.error.memory_limit": {
        "zh": "读取文件 {name} 需要超过 {limit} MiB 内存，已被停止。它在单独的进程里读取，应用的其余部分不受影响。",
        "en": "Reading file {name} needed more than {limit} MiB of memory and was stopped. It was read in a process "
        "of its own; the rest of the app is unaffected.",
    },
    "checkpoint.error.bad_config": {
        "zh": "config.json {name} 读不了（需要 UTF-8 编码的 JSON 对象 {{…}}），已忽略：下面只按参数名和形状判断。",
        "en": "config.json {name} could not be read (it must be a UTF-8 JSON object {{…}}); it was ignored and "
        "the verdict below rests on names and shapes alone.",
    },
    # kinds of norm
    "checkpoint.kind.layernorm": {"zh": "LayerNorm（γ 和 β）", "en": "LayerNorm (γ and β)"},
    "checkpoint.kind.rmsnorm": {"zh": "RMSNorm", "en": "RMSNorm"},
    "checkpoint.kind.gemma_rmsnorm": {"zh": "RMSNorm，尺度为 1 + w", "en": "RMSNorm, scale 1 + w"},
    "checkpoint.kind.bias_free_layernorm": {"zh": "无偏置的 LayerNorm", "en": "LayerNorm without bias"},
    "checkpoint.kind.scale_only": {
        "zh": "只有 γ：RMSNorm 或无偏置 LayerNorm（无法区分）",
        "en": "γ only: RMSNorm or bias-free LayerNorm (cannot tell)",
    },
    "checkpoint.kind.batchnorm": {"zh": "BatchNorm", "en": "BatchNorm"},
    "checkpoint.kind.shift_only": {"zh": "只有 β（少见）", "en": "β only (unusual)"},
    "checkpoint.verdict.layernorm": {"zh": "LayerNorm，带 γ 和 β", "en": "LayerNorm with γ and β"},
    "checkpoint.verdict.rmsnorm": {"zh": "RMSNorm", "en": "RMSNorm"},
    "checkpoint.verdict.gemma_rmsnorm": {
        "zh": "RMSNorm，有效尺度 1 + w（Gemma 的写法）",
        "en": "RMSNorm with effective scale 1 + w (Gemma's form)",
    },
    "checkpoint.verdict.bias_free_layernorm": {"zh": "无偏置的 LayerNorm", "en": "LayerNorm without bias"},
    "checkpoint.verdict.scale_only": {
        "zh": "只有 γ：是 RMSNorm 还是无偏置的 LayerNorm，单凭这些信息判断不了",
        "en": "γ only: RMSNorm or a bias-free LayerNorm, which this information cannot decide",
    },
    "checkpoint.verdict.batchnorm": {"zh": "BatchNorm", "en": "BatchNorm"},
    "checkpoint.verdict.shift_only": {"zh": "只有 β 的归一化（少见）", "en": "norms with β only (unusual)"},
    "checkpoint.verdict.mixed": {"zh": "不止一种：见下表", "en": "more than one kind: see the table"},
    "checkpoint.verdict.none": {"zh": "没有找到归一化参数", "en": "no normalization parameters found"},
    "checkpoint.verdict.header": {"zh": "结论：{verdict}", "en": "Verdict: {verdict}"},
    # why (one per kind of evidence)
    "checkpoint.evidence.weight_and_bias": {
        "zh": "同时有 weight 和 bias，即 γ 和 β。RMSNorm 没有平移项，所以这是 LayerNorm（卷积网络里的 GroupNorm 也存同样一对参数）。",
        "en": "weight and bias both present, i.e. γ and β. RMSNorm has no shift, so this is LayerNorm (a "
        "convolutional net's GroupNorm stores the same pair).",
    },
    "checkpoint.evidence.running_stats": {
        "zh": "旁边存着 running_mean / running_var：这是 BatchNorm 在训练中累积的批统计量。",
        "en": "running_mean / running_var stored next to it: the batch statistics BatchNorm accumulates in training.",
    },
    "checkpoint.evidence.bias_only": {
        "zh": "只有 bias、没有 weight：一种少见的写法，需要看模型代码。",
        "en": "a bias without a weight: an unusual layout; the model code has to say.",
    },
    "checkpoint.evidence.names_only": {
        "zh": "只有 weight、没有 bias。RMSNorm 和无偏置 LayerNorm 存的都是一个同样长度的 γ，名字里也看不出是否减了均值。"
        "能判断的是：模型代码（forward 里有没有减均值）、config.json 的 model_type / architectures，以及 ε 的字段名"
        "（rms_norm_eps 还是 layer_norm_eps）。",
        "en": "weight without bias. RMSNorm and a bias-free LayerNorm both store one γ of the same length, and the "
        "names do not show whether the mean is subtracted. What would decide it: the model code (does forward "
        "subtract the mean?), config.json's model_type / architectures, and the name of its ε (rms_norm_eps or "
        "layer_norm_eps).",
    },
    "checkpoint.evidence.model_type": {
        "zh": "只有 weight；config.json 说模型是 {family}，这一族模型的代码用的就是这种归一化。",
        "en": "weight only; config.json says the model is {family}, and that family's code uses this norm.",
    },
    "checkpoint.evidence.rms_eps": {
        "zh": "只有 weight；config.json 把 ε 叫作 rms_norm_eps。按 Hugging Face 的命名习惯这是 RMSNorm；确凿的证据仍是模型代码。",
        "en": "weight only; config.json calls its ε rms_norm_eps, which by Hugging Face's naming convention "
        "means RMSNorm; the model code remains the proof.",
    },
    "checkpoint.evidence.other_eps": {
        "zh": "只有 weight；config.json 把 ε 叫作 {eps_key}。这个名字倾向于 LayerNorm，但不能作数：T5 的 RMSNorm 的 ε 也叫 "
        "layer_norm_epsilon。要看模型代码或已知的 model_type。",
        "en": "weight only; config.json calls its ε {eps_key}. The name leans towards LayerNorm but proves "
        "nothing: T5 calls its RMSNorm's ε layer_norm_epsilon too. The model code or a known model_type decides.",
    },
    "checkpoint.evidence.config_silent": {
        "zh": "只有 weight；config.json 里没有已知的 model_type，也没有 ε 字段。RMSNorm 和无偏置 LayerNorm 仍无法区分：要看模型代码。",
        "en": "weight only; config.json has no known model_type and no ε field. RMSNorm and a bias-free "
        "LayerNorm still look the same: the model code decides.",
    },
    # the page's readouts
    "checkpoint.metric.modules": {"zh": "归一化模块", "en": "norm modules"},
    "checkpoint.metric.params": {"zh": "归一化参数", "en": "norm parameters"},
    "checkpoint.metric.share": {"zh": "占模型参数", "en": "share of the model"},
    "checkpoint.metric.share.help": {
        "zh": "归一化参数个数 ÷ 文件里全部浮点数的个数（共享存储的张量只算一次）。",
        "en": "Norm parameters ÷ all floating-point numbers in the file (tensors sharing storage counted once).",
    },
    "checkpoint.col.norm": {"zh": "归一化（N = 层号）", "en": "norm (N = layer)"},
    "checkpoint.col.modules": {"zh": "模块数", "en": "modules"},
    "checkpoint.col.params": {"zh": "参数", "en": "params"},
    "checkpoint.col.kind": {"zh": "判断", "en": "kind"},
    "checkpoint.col.gamma_mean": {"zh": "γ 均值", "en": "γ mean"},
    "checkpoint.col.gamma_std": {"zh": "γ 标准差", "en": "γ std"},
    "checkpoint.col.gamma_range": {"zh": "γ 最小 … 最大", "en": "γ min … max"},
    "checkpoint.col.gamma_median": {"zh": "γ 中位数", "en": "γ median"},
    "checkpoint.col.gamma_middle": {"zh": "γ 5 % … 95 %", "en": "γ 5 % … 95 %"},
    "checkpoint.col.gamma_quartiles": {"zh": "γ 25 % · 50 % · 75 %", "en": "γ 25 % · 50 % · 75 %"},
    "checkpoint.col.length": {"zh": "长度", "en": "length"},
    "checkpoint.col.span": {"zh": "γ 覆盖", "en": "γ spans"},
    "checkpoint.span.hidden": {"zh": "隐藏状态（D）", "en": "hidden state (D)"},
    "checkpoint.span.head": {"zh": "每个注意力头（head_dim）", "en": "each head (head_dim)"},
    "checkpoint.span.projection": {"zh": "整个 q/k 投影", "en": "whole q/k projection"},
    "checkpoint.span.other": {"zh": "其他长度", "en": "another length"},
    "checkpoint.qk.intro": {
        "zh": "这里有 QK-norm：它们作用在注意力的查询和键上，不作用在长度 D = {d} 的隐藏状态上。",
        "en": "This model has QK-norms: they act on the attention's queries and keys, not on the hidden state of "
        "length D = {d}.",
    },
    "checkpoint.qk.more": {
        "zh": "还有 {count} 组 QK-norm，见上表。",
        "en": "{count} more QK-norms: see the table above.",
    },
    "checkpoint.qk.q": {"zh": "查询", "en": "query"},
    "checkpoint.qk.k": {"zh": "键", "en": "key"},
    "checkpoint.qk.head": {
        "zh": "{name}：{heads} 个头的{which}各自归一化，γ 有 head_dim = {size} 个分量，所有头共用这一个。",
        "en": "{name}: each of the {heads} heads' {which} normalized on its own; γ has head_dim = {size} "
        "components, one γ shared by all the heads.",
    },
    "checkpoint.qk.head_one": {
        "zh": "{name}：只有一个{which}头，它单独归一化，γ 有 head_dim = {size} 个分量。",
        "en": "{name}: a single {which} head, normalized on its own; γ has head_dim = {size} components.",
    },
    "checkpoint.qk.head_unknown": {
        "zh": "{name}：每个头的{which}各自归一化，γ 有 head_dim = {size} 个分量，所有头共用这一个。",
        "en": "{name}: each head's {which} normalized on its own; γ has head_dim = {size} components, one γ shared by "
        "all the heads.",
    },
    "checkpoint.qk.projection": {
        "zh": "{name}：整个{which}投影一起归一化，γ 有 {size} 个分量（{heads} 个头 × head_dim {head_dim}）。",
        "en": "{name}: the whole {which} projection normalized at once; γ has {size} components ({heads} heads × "
        "head_dim {head_dim}).",
    },
    "checkpoint.qk.projection_unknown": {
        "zh": "{name}：整个{which}投影一起归一化，γ 有 {size} 个分量（头数 × head_dim）。",
        "en": "{name}: the whole {which} projection normalized at once; γ has {size} components (heads × head_dim).",
    },
    "checkpoint.qk.other": {
        "zh": "{name}：长度 {size}，本页无法确定它覆盖的是一个头还是整个{which}投影。",
        "en": "{name}: length {size}; this page cannot tell whether it spans one head or the whole {which} projection.",
    },
    "checkpoint.gamma.spread": {
        "zh": "这个文件里 γ 从 {low} 到 {high}。各模块的中位数从 {med_low}（{med_low_module}）到 {med_high}（{med_high_module}）；"
        "全部 γ 分量中有 {near} 落在 1 ± 0.1 以内。",
        "en": "In this file γ runs from {low} to {high}. The modules' medians go from {med_low} ({med_low_module}) to "
        "{med_high} ({med_high_module}); {near} of all γ components lie within 1 ± 0.1.",
    },
    "checkpoint.col.beta_mean": {"zh": "β 均值", "en": "β mean"},
    "checkpoint.col.module": {"zh": "模块", "en": "module"},
    "checkpoint.col.layer": {"zh": "层", "en": "layer"},
    "checkpoint.col.dtype": {"zh": "存储类型", "en": "stored as"},
    "checkpoint.why.header": {"zh": "依据", "en": "Why"},
    "checkpoint.tell.header": {
        "zh": "只有 γ 时怎样分辨 RMSNorm 和无偏置 LayerNorm",
        "en": "Telling RMSNorm from a bias-free LayerNorm when there is only γ",
    },
    "checkpoint.tell.text": {
        "zh": "两者存的参数一模一样，区别只在前向计算：无偏置 LayerNorm 是 y = γ ⊙ (x − μ·𝟏)/√(σ² + ε)，先减均值 μ 再除以标准差"
        "（σ² 为有偏方差）；RMSNorm 是 y = γ ⊙ x/√(mean(x²) + ε)，不减均值。检查点里没有这一步的痕迹。可以依据的有：\n"
        "- **模型代码**：forward 里有没有减均值——这是唯一确凿的证据；\n"
        "- **config.json 的 model_type 或 architectures**：例如 llama、mistral、qwen2 用 RMSNorm，cohere 用无偏置 LayerNorm；\n"
        "- **ε 的字段名**：rms_norm_eps 是 Hugging Face 给 RMSNorm 的命名；layer_norm_eps 只是倾向，T5 的 RMSNorm 的 ε 就叫 layer_norm_epsilon。\n"
        "名字本身也会误导：T5 把它的 RMSNorm 模块叫作 layer_norm。",
        "en": "Both store exactly the same parameters; they differ only in the forward pass. A bias-free "
        "LayerNorm computes y = γ ⊙ (x − μ·𝟏)/√(σ² + ε), subtracting the mean μ before dividing by the standard "
        "deviation (σ² the biased variance); RMSNorm computes y = γ ⊙ x/√(mean(x²) + ε) and subtracts nothing. "
        "The checkpoint keeps no trace of that step. What can decide it:\n"
        "- **the model code**: does forward subtract the mean? This is the only proof;\n"
        "- **config.json's model_type or architectures**: llama, mistral and qwen2, for example, use RMSNorm, "
        "cohere a bias-free LayerNorm;\n"
        "- **the name of ε**: rms_norm_eps is Hugging Face's name for an RMSNorm's ε; layer_norm_eps only leans "
        "one way, since T5's RMSNorm has layer_norm_epsilon.\n"
        "Module names mislead too: T5 calls its RMSNorm module layer_norm.",
    },
    "checkpoint.gemma.text": {
        "zh": "Gemma 的 RMSNorm 存的是 w，前向乘的是 1 + w：存下来的数在 0 附近，实际尺度在 1 附近。表和图里的 γ 都是 1 + w。",
        "en": "Gemma's RMSNorm stores w and multiplies by 1 + w: the stored numbers sit near 0, the effective scale "
        "near 1. The γ in the tables and figures is 1 + w.",
    },
    "checkpoint.share.text": {
        "zh": "归一化参数很少：作用在隐藏状态上的模块每个只有 D 个（带 β 的是 2D 个），Qwen3、Gemma 3 的 QK-norm 每个只有 head_dim 个。"
        "示例的隐藏维只有 32，所以占比被放大了；真实模型里要小得多——"
        "GPT-2 small 有 25 个 LayerNorm，共 25 × 2 × 768 = 38 400 个参数，约占 1.244 亿的 0.03 %；Llama 2 7B 有 65 个 RMSNorm，"
        "共 65 × 4096 = 266 240 个，约占 67.4 亿的 0.004 %。",
        "en": "Norm parameters are few: D per module on the hidden state (2D with β), head_dim per QK-norm in Qwen3 or "
        "Gemma 3. The examples' hidden size is only 32, which inflates the share; in real models it is far smaller. "
        "GPT-2 small "
        "has 25 LayerNorms with 25 × 2 × 768 = 38,400 parameters, about 0.03 % of its 124.4 million; Llama 2 7B "
        "has 65 RMSNorms with 65 × 4096 = 266,240, about 0.004 % of its 6.74 billion.",
    },
    "checkpoint.layers.header": {"zh": "逐层的 γ", "en": "γ layer by layer"},
    "checkpoint.modules.header": {"zh": "每个归一化模块", "en": "Every norm module"},
    "checkpoint.other.header": {"zh": "其他一维张量（{count} 个）", "en": "Other 1-D tensors ({count})"},
    "checkpoint.other.text": {
        "zh": "这些一维浮点张量既不像归一化参数，也不是某个线性层的 bias。若其中有自定义的归一化，名字没能认出来。",
        "en": "These 1-D floating-point tensors look neither like norm parameters nor like a linear layer's bias. "
        "A custom norm among them would have a name this page does not recognise.",
    },
    "checkpoint.tied": {
        "zh": "{count} 个张量与另一个张量共享存储（权重绑定，例如词嵌入和输出层），参数只算一次。",
        "en": "{count} tensor(s) share storage with another (tied weights, such as the embedding and the output "
        "layer); their parameters are counted once.",
    },
    "checkpoint.none.text": {
        "zh": "按名字（ln_1、ln_f、layernorm、layer_norm、norm、input_layernorm……）和一维形状都没有找到归一化参数。"
        "模型可能没有可学习的归一化参数（例如不带 γ 的 LayerNorm），或者用了本页认不出的名字。",
        "en": "No normalization parameters were found by name (ln_1, ln_f, layernorm, layer_norm, norm, "
        "input_layernorm, ...) and 1-D shape. The model may have norms without learned parameters (a LayerNorm "
        "without γ, say), or names this page does not recognise.",
    },
    # figures
    "checkpoint.fig.layers.title": {"zh": "每个模块的 γ 分布", "en": "γ of each module"},
    "checkpoint.fig.layers.x": {"zh": "层", "en": "layer"},
    "checkpoint.fig.layers.y": {"zh": "γ（实际尺度）", "en": "γ (effective scale)"},
    "checkpoint.fig.layers.final": {"zh": "末尾", "en": "final"},
    "checkpoint.fig.hist.title": {"zh": "全部 γ 分量的分布", "en": "All γ components"},
    "checkpoint.fig.hist.x": {"zh": "γ（实际尺度）", "en": "γ (effective scale)"},
    "checkpoint.fig.hist.y": {"zh": "分量个数", "en": "components"},
    "checkpoint.fig.hist.one": {"zh": "γ = 1（不缩放）", "en": "γ = 1 (no scaling)"},
    "checkpoint.fig.hist.rest": {"zh": "其余 {count} 组", "en": "the other {count} families"},
    "checkpoint.fig.caption": {
        "zh": "γ 是每个分量学到的尺度：γ = 1 表示归一化后原样输出。左图：每个模块一个箱子，统计它的全部 γ 分量（个数等于它的长度，作用在隐藏状态上的是 D 个）："
        "箱子覆盖中间一半（25 % 到 75 %），箱中实线是中位数，虚线是均值，须线伸到最小值和最大值。"
        "同一位置的模块（如各层的 ln_1）在每层并排，中位数连成一条线；末尾的归一化（ln_f、model.norm）画在最后。"
        "右图：所有 γ 分量的直方图，各位置的模块叠在一起。颜色表示判断出的归一化种类。",
        "en": "γ is the learned scale of each component: γ = 1 passes the normalized value through unchanged. Left: one "
        "box per module over its γ components (as many as its length: D for a norm on the hidden state): the box "
        "spans the middle half (25 % to 75 %), the solid line inside is the median, the dashed line the mean, and the "
        "whiskers reach the smallest and the largest value. Modules at the same place (ln_1 of every layer, say) "
        "stand side by side at each layer, their medians joined by a line, and the final norm (ln_f, model.norm) "
        "comes last. Right: a histogram of every γ component, the modules' places stacked. The colour shows the "
        "kind of norm found.",
    },
    "checkpoint.evidence.line": {"zh": "{names}：{text}", "en": "{names}: {text}"},
    "checkpoint.more": {"zh": "{names} 等（另有 {count} 个）", "en": "{names} and {count} more"},
    # a large file: tables in pages, figures of its first and last layers
    "checkpoint.table.page": {"zh": "显示哪些行", "en": "Rows shown"},
    "checkpoint.table.rows": {"zh": "第 {first}–{last} 行，共 {total} 行", "en": "rows {first}–{last} of {total}"},
    "checkpoint.fig.bounded.layers": {
        "zh": "这个文件有 {layers} 层：图里只画最前面和最后面各 {edge} 层，中间用 … 标出；表格列出全部模块。",
        "en": "This file has {layers} layers: the figures draw the first {edge} and the last {edge}, the gap between "
        "them marked …; the tables list every module.",
    },
    "checkpoint.fig.bounded.families": {
        "zh": "它的 {families} 组归一化里，图中单独画出前 {shown} 组，其余在直方图里合成一组。",
        "en": "Of its {families} families of norms the figures draw the first {shown} on their own; the histogram "
        "counts the others together.",
    },
}
