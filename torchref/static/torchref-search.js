// torchref search: reads the index written by torchref/search/index.py.
// The term rules mirror torchref/search/text.py; tests keep the two in step.
"use strict";

const TorchrefSearch = (function () {
  const STOPWORDS = new Set(("a an and are as at be by for from has have in is it its of on or that the this to was " +
    "were which with you your can not no how why what when where do does did i my we should").split(" "));
  const IRREGULAR = { indices: "index", matrices: "matrix", vertices: "vertex", children: "child" };
  const SUFFIXES = ["ations", "ation", "ions", "ion", "ings", "ing", "edly", "ied", "ies", "ed", "es", "ly", "s", "e"];
  const WORD = /[a-z0-9_]+(?:\.[a-z0-9_]+)*/g;
  const HAN_RUN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+/g;
  const HAN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/;
  // Reference entries and sections before the longer gallery pages that show them in use, and
  // before the glossary, which names every term but answers a query only where no entry does.
  const KIND_PRIOR = { api: 1.2, section: 1.1, page: 0.7, example: 0.3, glossary: 0.3 };
  // A query that asks (how, why, 为什么, 区别) or states a problem (not, 没, 不同) is most often answered
  // by a section that explains, not by an entry: sections count double for it. The stopwords drop
  // these words from the terms, so the query's own text is read.
  const ASKING = /\b(how|why|where|when|what|does|do|should|can|vs|versus|difference|not|without)\b|为什么|怎么|如何|要不要|是否|吗|区别|不同|没|什么时候/i;
  const ASKING_SECTION_PRIOR = 2;
  const KINDS = { a: "api", s: "section", p: "page", e: "example", g: "glossary" };  // index.py's KINDS
  // Results shown at first and per "show more": the ten that are ranked with care, each needing its summary.
  const SHOWN = 10;
  // What a glossary term's other items (the other language, synonyms) weigh beside the query's own terms.
  const RELATED_WEIGHT = 0.5;
  // The most shards, concept files and Chinese pairs a query reads (rank).
  const MAX_FILES = 5;
  // How many units a query's Chinese term (a pair or a lone character) counts as having when its
  // terms are weighed by rarity (rank): a rare pair may be one that straddles two words (量沿), which
  // says nothing of what the query is about.
  const CHINESE_TERM_UNITS = 20;

  function stem(word) {
    if (Object.prototype.hasOwnProperty.call(IRREGULAR, word)) return IRREGULAR[word];
    if (word.length <= 3 || !/^[a-z]+$/.test(word)) return word;
    word = word.replace(/is(e|ed|es|ing|ation|ations)$/, "iz$1").replace(/(?<=.{3})our$/, "or");
    for (const suffix of SUFFIXES) {
      if (!word.endsWith(suffix) || word.length - suffix.length < 3) continue;
      if (suffix === "s" && (word.endsWith("ss") || word.endsWith("us") || word.endsWith("is"))) continue;
      let base = word.slice(0, -suffix.length);
      if ((suffix === "ion" || suffix === "ions") && !(base.endsWith("t") || base.endsWith("s"))) continue;
      if (suffix === "ied" || suffix === "ies") return base + "y";
      if (suffix === "ations" || suffix === "ation") return base + "at";
      const last = base[base.length - 1];
      if (["ing", "ings", "ed", "edly"].includes(suffix) && base.length > 3 && last === base[base.length - 2] &&
          !"lsz".includes(last) && !"aeiou".includes(last)) {
        base = base.slice(0, -1);
      }
      return base.length > 3 ? base.replace(/e+$/, "") : base;
    }
    return word;
  }

  function englishTerms(text) {
    const terms = [];
    for (const token of text.toLowerCase().match(WORD) || []) {
      if (token.includes(".")) terms.push(token);
      for (const name of token.split(".")) {
        if (name.replace(/^_+|_+$/g, "").includes("_")) terms.push(name);
        for (const word of name.split("_")) {
          if (word && !STOPWORDS.has(word)) terms.push(stem(word));
        }
      }
    }
    return terms;
  }

  function chineseTerms(text, forQuery) {
    const terms = [];
    for (const run of text.match(HAN_RUN) || []) {
      const chars = Array.from(run);
      // A query looks up pairs only (a lone character stands for itself); the index has both.
      if (!forQuery || chars.length === 1) terms.push(...chars);
      // a character between two stop characters (是零的), not one itself, has no pair that is looked up
      else terms.push(...chars.filter((char, i) => !STOP_CHARACTERS.test(char) &&
        STOP_CHARACTERS.test(chars[i - 1] || "") && STOP_CHARACTERS.test(chars[i + 1] || "")));
      for (let i = 0; i + 1 < chars.length; i++) terms.push(chars[i] + chars[i + 1]);
    }
    return terms;
  }

  function queryTerms(text) {
    // The distinct terms looked up for text typed as a query (search/text.py's query_terms).
    return [...new Set([...englishTerms(text), ...chineseTerms(text, true)])];
  }

  // Characters that join words or ask rather than name anything (text.py's STOP_CHARACTERS).
  const STOP_CHARACTERS = /[的了是在把被与或及何么吗呢怎什]/;

  function rarity(term) {
    // How rare a term is likely to be, without its count (text.py's rarity: the index puts the rows
    // of the units that print an error line in the shards of the line's rarest terms).
    if (/^[a-z]*(error|warn)$/.test(term) || /^[0-9]/.test(term)) return 0;
    return HAN.test(term) ? 4 : term.length;
  }

  function isChinesePair(term) {
    return term.length === 2 && HAN.test(term);  // English terms have no Han character
  }

  function wordPairFilter(filter) {
    // Whether a Chinese pair lies inside a word of the site's text (种子, 堆叠), not across two (程读,
    // 度堆): the Bloom filter of search/words.py, of the pairs inside a word that at most 60 units use.
    const bits = Uint8Array.from(atob(filter.bits), (char) => char.charCodeAt(0));
    const size = bits.length * 8;
    return (term) => {
      if (!isChinesePair(term)) return false;
      const first = fnv1a(term);
      const second = (Math.imul(first, 0x9E3779B1) | 1) >>> 0;
      for (let i = 0; i < filter.hashes; i++) {
        const position = (first + i * second) % size;
        if (!(bits[position >> 3] & (1 << (position & 7)))) return false;
      }
      return true;
    };
  }

  function lookedUp(terms) {
    // The query terms whose postings are fetched: not the Chinese pairs of a stop character, nor a
    // number (the sizes in a pasted error are the reader's, not the page's).
    const kept = terms.filter((term) => !(isChinesePair(term) && STOP_CHARACTERS.test(term)) &&
      !/^[0-9]+$/.test(term));
    return kept.length ? kept : terms;
  }

  function conceptKey(firstItem) {
    return firstItem.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
  }

  function fnv1a(text) {
    // FNV-1a (32 bits) over the code points of text (text.py's fnv1a).
    let value = 2166136261;
    for (const char of text) value = Math.imul(value ^ char.codePointAt(0), 16777619) >>> 0;
    return value;
  }

  function shardOf(term, shards) {
    // A dotted or underscored name is in the shard of its last word (text.py's shard_of).
    return fnv1a(term.replace(/^[._]+|[._]+$/g, "").split(/[._]/).pop() || term) % shards;
  }

  function pairFiles(pairs, shards, busy) {
    // The file each Chinese pair is read from. A pair is in the files of both its characters but stop
    // and busy ones, or else in its shard (text.py's index_files), so a query's overlapping pairs
    // (张量, 量放) can share one: the file that has the most pairs still to place goes first.
    const filesOf = (pair) => {
      const chars = [...pair].filter((char) => !STOP_CHARACTERS.test(char) && !busy.includes(char));
      return chars.length ? [...new Set(chars.map((char) => `pairs-${fnv1a(char) % shards}.json`))]
        : [`shard-${shardOf(pair, shards)}.json`];
    };
    const chosen = new Map();
    let left = [...new Set(pairs)];
    while (left.length) {
      const count = new Map();
      for (const pair of left) for (const file of filesOf(pair)) count.set(file, (count.get(file) || 0) + 1);
      const [file] = [...count].reduce((best, entry) => (entry[1] > best[1] ? entry : best));
      for (const pair of left) if (filesOf(pair).includes(file)) chosen.set(pair, file);
      left = left.filter((pair) => !chosen.has(pair));
    }
    return chosen;
  }

  function aliases(name) {
    // An API name and the short forms people type: torch.nn.functional.one_hot, nn.functional.one_hot,
    // F.one_hot, one_hot; dist.all_reduce (import torch.distributed as dist). The number is how strongly an exact match points at this entry.
    // Its shorter tails of two parts or more count as short forms too (optimizer.zero_grad).
    const full = name.toLowerCase();
    const found = [[full, 3]];
    const parts = full.split(".");
    if (parts[0] === "torch") {
      found.push([parts.slice(1).join("."), 2]);
      if (full.startsWith("torch.nn.functional.")) found.push(["f." + parts.slice(3).join("."), 2]);
      if (full.startsWith("torch.distributed.")) found.push(["dist." + parts.slice(2).join("."), 2]);
      if (full.startsWith("torch.tensor.")) found.push(["x." + parts.slice(2).join("."), 1]);
    }
    for (let i = 2; i < parts.length - 1; i++) found.push([parts.slice(i).join("."), 2]);
    found.push([parts[parts.length - 1], 1]);
    // torch.cat's short form is also its last part: it counts once, at its strongest
    return found.filter(([alias], i) => found.findIndex(([other]) => other === alias) === i);
  }

  let preloaded = null;  // the table, when the script carries it (index.py's search_script)
  function preload(meta) {
    preloaded = meta;
  }

  const cache = new Map();
  function fetchJSON(url) {
    if (!cache.has(url)) {
      cache.set(url, fetch(url).then((response) => {
        if (!response.ok) throw new Error(`${response.status} ${url}`);
        return response.json();
      }));
    }
    return cache.get(url);
  }

  function sharedStarts(written) {
    // the texts that index.py's shared_starts wrote, each after how much it shares with the one
    // before, apart by spaces
    let text = "";
    return written.split(" ").map((item) => {
      const [, shared, rest] = item.match(/^([0-9]*)(.*)$/);
      text = text.slice(0, Number(shared)) + rest;
      return text;
    });
  }

  function tableRows(meta) {
    // [page, anchor, kind letter, title sizes, home page] per unit (index.py's table_rows): each
    // page's units come together; title sizes are base-36 digits, units apart by commas.
    const pages = sharedStarts(meta.pages);
    const anchors = sharedStarts(meta.anchors);
    const sizes = meta.titleTerms.split(",").map((digits) => {
      const numbers = [...digits].map((digit) => parseInt(digit, 36));
      return numbers.length === 1 ? numbers[0] : numbers;
    });
    return meta.counts.flatMap((count, page) => Array(count).fill(page)).map((page, doc) =>
      [pages[page], anchors[doc], meta.kinds[doc], sizes[doc], pages[meta.homes[page]]]);
  }

  async function loadIndex(base) {
    // The table's columns (index.py's document_table): an API entry's anchor is its name. Titles
    // and summaries are in the pages' files (summariesOf).
    const meta = preloaded || await fetchJSON(base + "meta.json");
    if (!meta.units) {
      meta.units = tableRows(meta).map(([page, anchor, kind, titleTerms, home]) => ({
        url: page + (anchor ? "#" + anchor : ""),
        page,
        anchor,
        // the page whose file has its title and summary: an example's is often the reference
        // page that shows it (index.py's example_homes)
        display: home === undefined ? page : home,
        kind: KINDS[kind],
        name: kind === "a" ? anchor : "",
        titleTerms,
      }));
      meta.common = new Set(meta.common);
      // [english items, chinese items, wrong words] per entry (index.py's Glossary.packed and unpack)
      meta.glossary = meta.glossary ? meta.glossary.split(";").map((entry) =>
        entry.split("=").map((field) => field.split("|").filter(Boolean))) : [];
      meta.inWord = wordPairFilter(meta.wordFilter);
      meta.spelling = new Map();  // each part of an API name, lower-cased -> as the name writes it
      meta.units.forEach(({ name }) => name.split(".").forEach((part) => {
        if (part && !meta.spelling.has(part.toLowerCase())) meta.spelling.set(part.toLowerCase(), part);
      }));
      meta.aliases = new Map();
      meta.units.forEach(({ name }, doc) => {
        if (!name) return;
        for (const [alias, strength] of aliases(name)) {
          if (!meta.aliases.has(alias)) meta.aliases.set(alias, []);
          meta.aliases.get(alias).push([doc, strength]);
        }
      });
    }
    return meta;
  }

  function aliasMatches(meta, query) {
    // torch.tensor and torch.Tensor differ only in case: the exact spelling wins. A call on the
    // reader's own object (model.eval(), loss.backward()) names the method: a first part that is
    // in no API name is the reader's.
    const [first, ...others] = query.split(".");
    const own = others.length && /^[a-z_]\w*$/i.test(first) && !meta.spelling.has(first.toLowerCase()) &&
      !meta.aliases.has(query.toLowerCase());
    const name = own ? others.join(".") : query;
    // on the reader's object (logits.mean) a class's member (torch.Tensor.mean) outranks the module's
    // function of the same name (torch.mean)
    const member = (full) => own && /\.[A-Z]\w*\.[^.]+$/.test(full);
    return (meta.aliases.get(name.toLowerCase()) || []).map(([doc, strength]) =>
      [doc, strength + (meta.units[doc].name.endsWith(name) ? 0.5 : 0) + (member(meta.units[doc].name) ? 1.5 : 0)]);
  }

  function normaliseName(text) {
    // "torch.cat()" and "torch.cat (tensors, dim=0)" name torch.cat. Words stay apart: glued,
    // "does model.eval" would read as the reader's object "doesmodel" and its method eval.
    return text.trim().replace(/\s*\(.*$/, "");
  }

  function titleMatch(unit, inTitle, terms, skipped) {
    // Share of the query's terms found in the unit's title, in any edition's language (a posting's
    // lowest bit), the terms not fetched aside; a query that is a whole title (all of its terms, as
    // many as the title has) counts double.
    const counted = terms.length - skipped.size;
    if (!counted) return 0;
    if (inTitle === counted && [unit.titleTerms].flat().includes(terms.length)) return 2;
    return inTitle / counted;
  }

  async function rank(meta, base, query) {
    // Every unit the query finds, best first, and the query's English words that the index lacks.
    const terms = lookedUp(queryTerms(query));
    // A glossary term of the query also searches its other items, at a discount: a unit that has
    // "label_smoothing" answers 标签平滑 and covers the query's terms for it. Per concept a unit
    // scores by its own words or by the other items, whichever is more: a unit that uses the
    // query's words is not raised further by also using their translation.
    const concepts = glossaryConcepts(meta.glossary, query).map(({ key, own, items, related }) => ({
      key,
      terms: items.flatMap(queryTerms),
      own: own.filter((term) => terms.includes(term)),
      related: [...new Set(related.flatMap(queryTerms))].filter((term) => !terms.includes(term)),
    }));
    // A concept's terms are read from its file, the others from their shards or pair files. Every
    // unit counts as having an over-common term (的, tensor: meta.common); beside other terms, it is
    // not fetched.
    const fileOf = new Map();
    for (const { key, terms: its } of concepts) its.forEach((term) => fileOf.set(term, `${base}c/${key}.json`));
    const common = new Set(terms.filter((term) => meta.common.has(term)));
    const skipped = new Set(common.size < terms.length ? common : []);
    // A long query (a pasted error) reads at most MAX_FILES shards, concept files or Chinese pairs,
    // for its rarer terms: the longer words, an exception's class last; of equally rare terms, the
    // Chinese pairs inside a word first (a long Chinese question). Like an over-common term, a term
    // left out counts as matched. The pairs' files are chosen once the pairs to read are known.
    const shardFile = (term) => `${base}shard-${shardOf(term, meta.shards)}.json`;
    const keyOf = (term) => fileOf.get(term) || (isChinesePair(term) ? term : shardFile(term));
    const reading = new Set();
    const readFirst = (a, b) => rarity(b) - rarity(a) || meta.inWord(b) - meta.inWord(a);
    for (const term of terms.filter((term) => !skipped.has(term)).sort(readFirst)) {
      if (reading.has(keyOf(term)) || reading.size < MAX_FILES) reading.add(keyOf(term));
      else skipped.add(term);
    }
    // A pasted error's over-common words (shape, input) still tell which units printed the line: while
    // the query's files allow, their postings are read, and a unit that printed one in an error line
    // and matches the query's other terms gets its weight there. (Without it, once shape, input and
    // size had grown common with the site, MaxUnpool2d's "invalid max index ... of size 4x4" outranked
    // the views page that printed "shape '[5, -1]' is invalid for input of size 24".)
    const pasting = query.split(/\s+/).filter(Boolean).length >= 3;
    const evidence = pasting ? [...common].filter((term) => skipped.has(term) && !fileOf.has(term) &&
      (reading.has(shardFile(term)) || (reading.size < MAX_FILES && reading.add(shardFile(term))))) : [];
    // the concepts whose files are read: in a long query, those of its rarer terms only
    const read = concepts.filter(({ key }) => reading.has(`${base}c/${key}.json`));
    // a read concept's other items are in its own file, even those another concept also has
    for (const { key, related } of read) related.forEach((term) => fileOf.set(term, `${base}c/${key}.json`));
    const extra = [...new Set(read.flatMap(({ related }) => related))];
    const looked = [...terms.filter((term) => !skipped.has(term)), ...extra];
    const pairs = looked.filter((term) => !fileOf.has(term) && isChinesePair(term));
    for (const [pair, file] of pairFiles(pairs, meta.shards, meta.busy)) fileOf.set(pair, base + file);
    const fileFor = (term) => fileOf.get(term) || shardFile(term);
    const files = await Promise.all(looked.map((term) => fetchJSON(fileFor(term)).then((file) => file.postings)));
    // Postings are [unit, value, ...], value = 4 * weight + 1 if the term is in the unit's title,
    // or + 2 if it is only in the title of the page above a section; negative if its examples
    // printed the term in an error line.
    const weight = (value) => Math.abs(value) >> 2;
    const printedBy = new Map();  // unit -> how many of the evidence terms its examples printed in an error
    const printedWeight = new Map();  // unit -> their weights there
    for (const postings of await Promise.all(evidence.map((term) => fetchJSON(shardFile(term)).then((file) => {
      const entry = file.postings[term] || [];
      return Array.isArray(entry) ? entry : entry.top;
    })))) {
      for (let j = 0; j < postings.length; j += 2) {
        if (postings[j + 1] >= 0) continue;
        printedBy.set(postings[j], (printedBy.get(postings[j]) || 0) + 1);
        printedWeight.set(postings[j], (printedWeight.get(postings[j]) || 0) + weight(postings[j + 1]));
      }
    }
    // A concept's file also has the rows its strongest units show as results, a shard or pair file
    // those of the units whose examples printed an error line that has one of its terms among its
    // rarest five (summariesOf).
    const rows = new Map();
    for (const file of await Promise.all([...new Set(looked.map(fileFor))].map(fetchJSON))) {
      for (const [doc, title, summary, pageTitle] of file.rows) rows.set(doc, { title, summary, pageTitle });
    }
    // {top: [...]} lists an over-common term's strongest units only (a concept's 张量).
    const overCommon = new Set();  // (meta.common's terms are those, wherever they are read)
    const postingsOf = new Map(looked.map((term, i) => {
      const entry = files[i][term] || [];
      if (!Array.isArray(entry)) overCommon.add(term);
      return [term, Array.isArray(entry) ? entry : entry.top];
    }));
    const score = new Map();
    const covered = new Map();
    const indexed = new Set([...common, ...skipped]);  // not looked up: not taken for a typo
    const weightOf = new Map();  // unit -> query term -> its weight there
    const add = (doc, value, own, credit) => {
      // covered: how far each of the query's terms is matched, 1 by the term itself
      score.set(doc, (score.get(doc) || 0) + value);
      if (!covered.has(doc)) covered.set(doc, new Map());
      own.forEach((term) => covered.get(doc).set(term, Math.max(credit, covered.get(doc).get(term) || 0)));
    };
    const inTitle = new Map();
    const inHeading = new Map();  // the terms only in the title of a section's page
    const inErrors = new Map();  // the terms in the error lines its examples printed
    for (const term of terms) {
      const postings = postingsOf.get(term) || [];
      if (postings.length) indexed.add(term);
      for (let j = 0; j < postings.length; j += 2) {
        const [doc, value] = [postings[j], postings[j + 1]];
        add(doc, weight(value), [term], 1);
        if (!weightOf.has(doc)) weightOf.set(doc, new Map());
        weightOf.get(doc).set(term, weight(value));
        if (Math.abs(value) & 1) inTitle.set(doc, (inTitle.get(doc) || 0) + 1);
        if (Math.abs(value) & 2) inHeading.set(doc, (inHeading.get(doc) || 0) + 1);
        if (value < 0) inErrors.set(doc, (inErrors.get(doc) || 0) + 1);
      }
    }
    for (const [doc, value] of printedWeight) if (score.has(doc)) score.set(doc, score.get(doc) + value);
    for (const { own, related } of read) {
      const byRelated = new Map();
      for (const term of related) {
        const postings = postingsOf.get(term);
        for (let j = 0; j < postings.length; j += 2) {
          byRelated.set(postings[j], (byRelated.get(postings[j]) || 0) + RELATED_WEIGHT * weight(postings[j + 1]));
        }
      }
      for (const [doc, value] of byRelated) {
        const byOwn = own.reduce((sum, term) => sum + ((weightOf.get(doc) && weightOf.get(doc).get(term)) || 0), 0);
        if (value > byOwn) add(doc, value - byOwn, own, RELATED_WEIGHT);
      }
    }
    const words = query.split(/\s+/).filter(Boolean);
    // A query of three words or more whose looked-up terms are all in the error lines a unit's
    // examples printed is most likely that error, pasted: the unit counts double.
    const pastedTerms = words.length >= 3 ? terms.length - skipped.size + evidence.length : 0;
    let best = 1;
    const asking = ASKING.test(query);
    // A unit covers the query by the share of its terms it has, each weighed by its rarity (BM25's
    // idf as index.py's weights has it, from how many units have the term): "check if two tensors are
    // approximately equal" is about "approximately" more than about "check" or "two".
    const units = meta.units.length;
    const idf = new Map(terms.map((term) => {
      const having = HAN.test(term) ? CHINESE_TERM_UNITS
        : overCommon.has(term) || skipped.has(term) ? units : (postingsOf.get(term) || []).length / 2;
      return [term, Math.log(1 + (units - having + 0.5) / (having + 0.5))];
    }));
    const whole = terms.reduce((sum, term) => sum + idf.get(term), 0);
    for (const [doc, value] of score) {
      const matched = (term) => (common.has(term) || skipped.has(term) ? 1 : covered.get(doc).get(term) || 0);
      const coverage = terms.reduce((sum, term) => sum + matched(term) * idf.get(term), 0) / whole;
      const unit = meta.units[doc];
      // the page's title counts with the section's own (Broadcasting > The rules), not alone
      const own = inTitle.get(doc) || 0;
      const titled = titleMatch(unit, own && own + (inHeading.get(doc) || 0), terms, skipped);
      const pasted = pastedTerms > 0 && (inErrors.get(doc) || 0) + (printedBy.get(doc) || 0) >= pastedTerms ? 2 : 1;
      const ranked = value * coverage * coverage * (1 + titled * titled) * pasted * (KIND_PRIOR[unit.kind] || 1)
        * (asking && unit.kind === "section" ? ASKING_SECTION_PRIOR : 1);
      score.set(doc, ranked);
      best = Math.max(best, ranked);
    }
    // Exact API names first; a name among other words (cat 拼接) counts less. A query that is a
    // glossary term in Chinese names what the first of its English items that is a name names
    // (转置: transpose; 拼接: cat, not its alias concat).
    const named = new Set();
    const concept = meta.glossary.find(([, chinese]) => chinese.includes(query.trim()));
    const asName = (concept && concept[0].find((item) => aliasMatches(meta, item).length)) || normaliseName(query);
    for (const [doc, strength] of aliasMatches(meta, asName)) {
      score.set(doc, (score.get(doc) || 0) + best * (1 + strength));
      named.add(normaliseName(query).toLowerCase());
    }
    if (words.length > 1) {
      // Among English words, a word is read as an API name only when it looks like code ("add a new
      // dimension" is not about torch.add): a capital counts inside a word (DataLoader) or in a short
      // query ("Tensor view"), not at the start of a pasted error's words ("Boolean value of Tensor ...").
      // Next to Chinese (cat 拼接) it is a name. A name in a long query (an error) points less at its
      // entry, and so does one in a query that asks or states a problem, which a section answers
      // (clone detach 区别).
      const beside = HAN.test(query);
      for (const word of words) {
        const code = beside || /[._()\d]|[a-z][A-Z]/.test(word) || (words.length <= 3 && /[A-Z]/.test(word));
        for (const [doc, strength] of aliasMatches(meta, normaliseName(word))) {
          if (code) score.set(doc, (score.get(doc) || 0) + best * (words.length > 6 ? 0.1 : asking ? 0.2 : 0.4) * strength);
          named.add(normaliseName(word).toLowerCase());
        }
      }
    }
    const ranking = [...score.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([doc]) => doc);
    // A word is unknown when one of its English terms is in no unit and it is no API name.
    const unknown = words.filter((word) => !named.has(normaliseName(word).toLowerCase()) &&
      englishTerms(word).some((term) => !indexed.has(term)));
    return { ranking, unknown, doubtful: doubtfulPairs(query, terms, indexed), rows };
  }

  function doubtfulPairs(query, terms, indexed) {
    // The query's Chinese pairs that the index lacks, except where two words it has meet (度清 in
    // 梯度清零): there a character of the wrong sound may be (叉商 in 交叉商, 页张 in 页张量).
    const known = (pair) => indexed.has(pair) || !terms.includes(pair);  // a stop pair is neither
    const doubtful = new Set();
    for (const run of query.match(HAN_RUN) || []) {
      const chars = Array.from(run);
      for (let i = 0; i + 1 < chars.length; i++) {
        const between = i > 0 && i + 2 < chars.length && known(chars[i - 1] + chars[i]) && known(chars[i + 1] + chars[i + 2]);
        if (!known(chars[i] + chars[i + 1]) && !between) doubtful.add(chars[i] + chars[i + 1]);
      }
    }
    return doubtful;
  }

  function editDistance(a, b, limit) {
    // Levenshtein distance with adjacent transpositions, or limit + 1 once it is over limit.
    if (Math.abs(a.length - b.length) > limit) return limit + 1;
    let before = null;
    let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
      const current = [i];
      let lowest = i;
      for (let j = 1; j <= b.length; j++) {
        let cost = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
        if (before && i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
          cost = Math.min(cost, before[j - 2] + 1);
        }
        current.push(cost);
        lowest = Math.min(lowest, cost);
      }
      if (lowest > limit) return limit + 1;
      before = previous;
      previous = current;
    }
    return previous[b.length];
  }

  function closestWords(word, vocabulary, limit, count) {
    // The vocabulary's words nearest to word (at most limit edits), nearest then most frequent first.
    const found = [];
    vocabulary.forEach((candidate, frequencyRank) => {
      if (candidate === word || candidate.length < 3) return;
      const distance = editDistance(word, candidate, limit);
      if (distance <= limit) found.push([distance, frequencyRank, candidate]);
    });
    return found.sort((a, b) => a[0] - b[0] || a[1] - b[1]).slice(0, count).map(([, , candidate]) => candidate);
  }

  function typosAllowed(word) {
    // One typo (a letter missing, extra, wrong, or two swapped) in a word of four letters or more,
    // two in one of eight or more (SumaryWritter).
    return word.length >= 8 ? 2 : 1;
  }

  function correctWord(word, vocabulary, known, spelling) {
    // A dotted name is corrected part by part, so the reader's spelling of the other parts stays;
    // a corrected part of an API name is written as the name writes it (CrossEntropyLoss).
    const name = normaliseName(word);
    if (!/^[A-Za-z0-9_.]+$/.test(name)) return null;
    const fix = (part) => {
      const lower = part.toLowerCase();
      if (lower.length < 4 || known.has(lower) || /^[0-9]/.test(lower)) return part;
      const better = closestWords(lower, vocabulary, typosAllowed(lower), 1)[0];
      return better ? spelling.get(better) || better : part;
    };
    const parts = name.split(".");
    const fixed = parts.map(fix).join(".");
    return fixed !== name ? fixed : null;
  }

  function standardTerms(glossary, query) {
    // A term the glossary marks as wrong for its concept (批标准化, 推断模式) becomes the one this
    // reference uses (批归一化, 推理模式), the longest first.
    const wrong = glossary.flatMap(([, chinese, avoid = []]) => avoid.map((term) => [term, chinese[0]]))
      .sort((a, b) => b[0].length - a[0].length);
    return wrong.reduce((text, [term, standard]) => text.split(term).join(standard), query);
  }

  function readingsOf(table) {
    // pinyin.json is {reading: its characters}; this is {character: its readings}.
    const readings = new Map();
    for (const [reading, chars] of Object.entries(table)) {
      for (const char of chars) readings.set(char, [...(readings.get(char) || []), reading]);
    }
    return readings;
  }

  function correctChinese(query, doubtful, glossary, readings) {
    // In each run of Chinese with a doubtful pair (doubtfulPairs), the longest glossary term that the
    // run spells with a character of the same sound (one per four characters): what a pinyin
    // input method gets wrong (交叉商 for 交叉熵, 转至 for 转置).
    const alike = (a, b) => (readings.get(a) || []).some((reading) => (readings.get(b) || []).includes(reading));
    const terms = [...new Set(glossary.flatMap(([, chinese]) => chinese))].filter((term) => /^[\u3400-\u9fff]{2,}$/.test(term));
    let fixed = query;
    for (const run of query.match(HAN_RUN) || []) {
      const chars = Array.from(run);
      let best = null;
      for (const term of terms) {
        const want = Array.from(term);
        for (let at = 0; at + want.length <= chars.length; at++) {
          const differ = want.filter((char, j) => chars[at + j] !== char);
          const sounds = want.every((char, j) => chars[at + j] === char || alike(chars[at + j], char));
          const covers = want.slice(1).some((_, j) => doubtful.has(chars[at + j] + chars[at + j + 1]));
          if (sounds && covers && differ.length && differ.length <= Math.max(1, want.length >> 2) &&
              (!best || want.length > best.term.length)) {
            best = { from: chars.slice(at, at + want.length).join(""), term };
          }
        }
      }
      if (best) fixed = fixed.replace(best.from, best.term);
    }
    return fixed;
  }

  async function summariesOf(base, meta, docs, rows) {
    // Titles and summaries: from the query's concept files where they have them (rows), else from
    // the files of the results' pages (a page's entries are often found together).
    const pages = [...new Set(docs.filter((doc) => !rows.has(doc)).map((doc) => meta.units[doc].display))];
    const files = new Map(await Promise.all(pages.map((page) =>
      fetchJSON(`${base}p/${page.replace(/\.html$/, "")}.json`).then((file) => [page, file]))));
    return docs.map((doc) => {
      const unit = meta.units[doc];
      // an API entry's row has no title: its name is its title
      if (rows.has(doc)) return { ...unit, ...rows.get(doc), title: rows.get(doc).title || unit.name };
      const file = files.get(unit.display);
      const [, title, summary] = file.units.find(([number]) => number === doc);
      return { ...unit, title: title || unit.name, summary, pageTitle: unit.display === unit.page ? file.title : title };
    });
  }

  async function missingName(meta, base, query) {
    // A query that is a torch name this reference has no entry for (nn.LSTM, x.long()): {name, page},
    // from the public names of the installed torch that index.py wrote with their official pages ("":
    // not known), else null. A name with an entry here is found as always; a typo is no torch name
    // and gets its correction.
    const name = normaliseName(query);
    if (!meta.apiShards || !/^[a-z_]\w*(\.[a-z_]\w*)*$/i.test(name) || aliasMatches(meta, name).length) return null;
    const parts = name.toLowerCase().split(".");
    const last = parts[parts.length - 1];
    const names = await fetchJSON(`${base}api/${fnv1a(last) % meta.apiShards}.json`);
    // a call on the reader's own object (logits.long()) names a Tensor method
    for (const typed of parts.length === 2 ? [parts.join("."), "x." + last] : [parts.join(".")]) {
      let found = Object.keys(names).filter((full) => aliases(full).some(([alias]) => alias === typed))
        .sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
      // a bare name (LSTM) counts when it is the last part of one torch name only, as it is written
      // (torch.nn.LSTM, not torch.lstm)
      if (!typed.includes(".") && found.length > 1) found = found.filter((full) => full.endsWith("." + name));
      if (found.length && (typed.includes(".") || found.length === 1)) return { name: found[0], page: names[found[0]] };
    }
    return null;
  }

  async function mentioning(meta, base, name) {
    // The units that name it, not those that only share a word with it (nn, torch): a dotted name
    // ending in its last part (torch.long, x.long; a dotted name is in the shard of its last word),
    // or that part alone where it cannot be an ordinary word (LSTM, scaled_dot_product_attention).
    // (The part alone is stemmed, storage -> storag, and may be in another shard than the dotted names.)
    const last = name.split(".").pop();
    const term = englishTerms(last)[0];
    const files = await Promise.all([...new Set([last.toLowerCase(), term])].map((word) =>
      fetchJSON(`${base}shard-${shardOf(word, meta.shards)}.json`)));
    const having = new Set();
    for (const [indexed, entry] of files.flatMap((file) => Object.entries(file.postings))) {
      if (!(indexed.endsWith("." + last.toLowerCase()) || (indexed === term && /[A-Z0-9_]/.test(last)))) continue;
      (Array.isArray(entry) ? entry : entry.top).forEach((value, i) => { if (i % 2 === 0) having.add(value); });
    }
    return having;
  }

  async function search(base, query) {
    // {query: what was searched, corrected: the query with a typo fixed or the glossary's term for a
    //  wrong one (or ""), because: "typo" or "standard", ranking: every unit found, best first,
    //  rows: results' titles and summaries already loaded, suggestions: closest terms when nothing
    //  was found, missing: the torch name the query is, when this reference has no entry for it}
    const meta = await loadIndex(base);
    const missing = await missingName(meta, base, query);
    if (missing) {
      const [found, having] = await Promise.all([rank(meta, base, query), mentioning(meta, base, missing.name)]);
      const ranking = found.ranking.filter((doc) => having.has(doc));
      return { query, corrected: "", because: "", ranking, rows: found.rows, suggestions: [], missing, meta };
    }
    let searched = standardTerms(meta.glossary, query);
    let corrected = searched === query ? "" : searched;
    let because = corrected ? "standard" : "";
    let found = await rank(meta, base, searched);
    let suggestions = [];
    // Only now the vocabulary (the words of the letters that the unknown words' parts start with,
    // parts of API names aside) or the pinyin table: queries without a typo never load them.
    const parts = found.unknown.flatMap((word) => normaliseName(word).toLowerCase().split("."))
      .filter((part) => !meta.spelling.has(part));
    const letters = [...new Set(parts.map((part) => part[0]).filter((letter) => /[a-z]/.test(letter || "")))];
    const vocabulary = (await Promise.all(letters.map((letter) =>
      fetchJSON(`${base}vocabulary/${letter}.json`).catch(() => [])))).flat();
    const known = new Set([...vocabulary, ...meta.spelling.keys()]);
    let fixed = searched;
    for (const word of found.unknown) {
      const better = correctWord(word, vocabulary, known, meta.spelling);
      if (better) fixed = fixed.replace(word, better);
    }
    if (found.doubtful.size) {
      const readings = readingsOf(await fetchJSON(`${base}pinyin.json`));
      fixed = correctChinese(fixed, found.doubtful, meta.glossary, readings);
    }
    if (fixed !== searched) {
      const retried = await rank(meta, base, fixed);
      if (retried.ranking.length) {
        found = retried;
        searched = corrected = fixed;
        because = "typo";
      }
    }
    if (!found.ranking.length) {
      suggestions = [...new Set(parts.filter((part) => !known.has(part)).flatMap((part) =>
        closestWords(part, vocabulary, 2, 5)))].slice(0, 5);
    }
    return { query: searched, corrected, because, ranking: found.ranking, rows: found.rows, suggestions, meta };
  }

  function glossaryConcepts(glossary, query) {
    // The glossary entries the query names: {own: the query's terms for it, items: all of the
    // entry's items, related: those the query did not write}. An English term counts only as a
    // whole word of the query (or its plural): "stride" is not "strided", so 步长 goes with
    // "stride" but 布局 (layout, strided) does not.
    const lower = query.toLowerCase();
    const asWord = (item) => new RegExp(`(^|[^a-z0-9_])${item.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(e?s)?($|[^a-z0-9_])`).test(lower);
    const found = [];
    for (const [english, chinese] of glossary || []) {
      const named = [...english.filter((item) => item.length > 1 && asWord(item)),
        ...chinese.filter((term) => query.includes(term))];
      if (!named.length) continue;
      const own = named.flatMap(queryTerms);
      const items = [...english, ...chinese];
      found.push({ key: conceptKey(english[0]), own, items, related: items.filter((item) => !named.includes(item)) });
    }
    return found;
  }

  function translations(glossary, query) {
    // The glossary terms of the query, in both languages: 步长 also highlights "stride".
    return glossaryConcepts(glossary, query).flatMap(({ items }) => items);
  }

  function highlightTerms(query) {
    // The English terms a snippet marks: the query's words and whole dotted names, not the bare
    // "torch" of a dotted name, and no word shorter than two letters.
    const found = new Set();
    for (const token of query.toLowerCase().match(WORD) || []) {
      const parts = token.split(".");
      if (parts.length > 1) found.add(token);
      for (const term of englishTerms(parts.filter((part) => parts.length === 1 || part !== "torch").join(" "))) {
        if (term.length > 1) found.add(term);
      }
    }
    return found;
  }

  function highlightRanges(text, query, related = []) {
    // What the query matched: its own words and Chinese pairs, and the glossary's terms for them in
    // the other language (步长 marks "stride"), these only where the whole term is in the text.
    const ranges = [];
    const wanted = highlightTerms([query, ...related.filter((term) => !HAN.test(term))].join(" "));
    const lower = text.toLowerCase();
    for (const match of lower.matchAll(WORD)) {
      const token = match[0];
      if (wanted.has(token)) { ranges.push([match.index, match.index + token.length]); continue; }
      let at = match.index;
      for (const part of token.split(".")) {
        if (wanted.has(part) || wanted.has(stem(part))) ranges.push([at, at + part.length]);
        at += part.length + 1;
      }
    }
    for (const run of query.match(HAN_RUN) || []) {
      const chars = Array.from(run);
      const pieces = lower.includes(run) ? [run] : chars.slice(1).map((c, i) => chars[i] + c);
      for (const piece of pieces.length ? pieces : [run]) {
        let at = text.indexOf(piece);
        while (at >= 0) { ranges.push([at, at + piece.length]); at = text.indexOf(piece, at + piece.length); }
      }
    }
    for (const term of related.filter((term) => HAN.test(term))) {
      let at = text.indexOf(term);
      while (at >= 0) { ranges.push([at, at + term.length]); at = text.indexOf(term, at + term.length); }
    }
    return ranges.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  }

  function appendHighlighted(element, text, query, related) {
    // Text nodes and <mark> elements only: neither the query nor the index is ever parsed as HTML.
    let position = 0;
    for (const [start, end] of highlightRanges(text, query, related)) {
      if (start < position) continue;
      element.append(document.createTextNode(text.slice(position, start)));
      const mark = document.createElement("mark");
      mark.textContent = text.slice(start, end);
      element.append(mark);
      position = end;
    }
    element.append(document.createTextNode(text.slice(position)));
  }

  function fill(template, values) {
    return Object.entries(values).reduce((text, [key, value]) => text.split(`{${key}}`).join(value), template || "");
  }

  function resultItem(result, query, related) {
    const item = document.createElement("li");
    item.className = `kind-${result.kind}`;
    const link = document.createElement("a");
    link.href = result.url;
    appendHighlighted(link, result.title, query, related);
    item.append(link);
    if (result.pageTitle && result.pageTitle !== result.title) {
      const where = document.createElement("span");
      where.className = "search-result-page";
      where.textContent = result.pageTitle;
      item.append(" ", where);
    }
    const snippet = document.createElement("p");
    snippet.className = "search-result-snippet";
    appendHighlighted(snippet, result.summary, query, related);
    item.append(snippet);
    return item;
  }

  function noResults(container, query, suggestions) {
    // Closest terms of this reference, then the official documentation's own search.
    const labels = container.dataset;
    if (suggestions.length) {
      const offer = document.createElement("p");
      offer.className = "search-suggestions";
      offer.append(labels.labelSuggest || "", " ");
      suggestions.forEach((term, i) => {
        const link = document.createElement("a");
        link.href = `?q=${encodeURIComponent(term)}`;
        link.textContent = term;
        offer.append(...(i ? [", ", link] : [link]));
      });
      container.append(offer);
    }
    if (labels.officialSearch) {
      const official = document.createElement("p");
      official.className = "search-official";
      const link = document.createElement("a");
      link.href = `${labels.officialSearch}?q=${encodeURIComponent(query)}`;
      link.rel = "noopener";
      link.textContent = fill(labels.labelOfficial, { query });
      official.append(link);
      container.append(official);
    }
  }

  function missingNotice(container, missing) {
    // This reference has no entry for the name: its official page, or the official search for it.
    const labels = container.dataset;
    const notice = document.createElement("p");
    notice.className = "search-missing";
    const link = document.createElement("a");
    link.href = missing.page ? labels.officialDocs + missing.page
      : `${labels.officialSearch}?q=${encodeURIComponent(missing.name)}`;
    link.className = "external";
    link.textContent = fill(missing.page ? labels.labelMissingLink : labels.labelOfficial,
      { name: missing.name, query: missing.name });
    notice.append(fill(labels.labelMissing, { name: missing.name }), " ", link);
    container.append(notice);
  }

  async function render(container, base, original, found, started) {
    const { query, corrected, because, ranking, rows, suggestions, missing, meta } = found;
    const related = translations(meta.glossary, query);
    const labels = container.dataset;
    container.replaceChildren();
    if (missing) missingNotice(container, missing);
    const summary = document.createElement("p");
    summary.className = "search-summary";
    const label = ranking.length ? labels.labelFound : missing ? labels.labelUnmentioned : labels.labelNone;
    summary.textContent = fill(label, { count: String(ranking.length), query, name: missing && missing.name });
    container.append(summary);
    if (corrected) {
      const note = document.createElement("p");
      note.className = "search-corrected";
      note.textContent = fill(because === "standard" ? labels.labelStandard : labels.labelCorrected, { query: original, corrected });
      container.append(note);
    }
    if (!ranking.length && !missing) noResults(container, original, suggestions);
    const list = document.createElement("ol");
    list.className = "torchref-search-results";
    container.append(list);
    let shown = 0;
    const more = document.createElement("button");
    more.type = "button";
    more.className = "btn btn-sm search-more";
    const showMore = async () => {
      const next = ranking.slice(shown, shown + SHOWN);
      for (const result of await summariesOf(base, meta, next, rows)) list.append(resultItem(result, query, related));
      shown += next.length;
      container.dataset.shown = String(shown);
      more.textContent = fill(labels.labelMore, { count: String(Math.min(SHOWN, ranking.length - shown)) });
      more.hidden = shown >= ranking.length;
    };
    more.addEventListener("click", async () => {
      const focus = list.children.length;
      await showMore();
      const link = list.children[focus] && list.children[focus].querySelector("a");
      if (link) link.focus();  // the keyboard reader lands on the first new result
    });
    await showMore();
    container.append(more);
    container.dataset.count = String(ranking.length);
    container.dataset.corrected = corrected;
    container.dataset.missing = missing ? missing.name : "";
    container.dataset.ms = (performance.now() - started).toFixed(1);
    container.dataset.status = "done";
  }

  async function run() {
    const container = document.getElementById("search-results");
    const query = new URLSearchParams(window.location.search).get("q") || "";
    if (!container || !query.trim()) return;
    document.querySelectorAll("form.bd-search input[name=q]").forEach((field) => { field.value = query; });
    const started = performance.now();
    container.dataset.status = "searching";
    const root = document.documentElement.dataset.content_root || "./";
    try {
      const base = root + "_search/";
      await render(container, base, query, await search(base, query), started);
    } catch (error) {
      container.dataset.status = "error";
      container.textContent = window.location.protocol === "file:"
        ? "Search needs a web server: run `python -m http.server` in this folder and open http://127.0.0.1:8000/ · " +
          "搜索需要本地服务器：在此文件夹中运行 `python -m http.server`，然后打开 http://127.0.0.1:8000/"
        : String(error);
      throw error;
    }
  }

  if (typeof document !== "undefined") {
    document.addEventListener("DOMContentLoaded", run);
  }
  // run: search again in the page (the benchmark times a warm query with it)
  return { stem, englishTerms, chineseTerms, queryTerms, lookedUp, rarity, conceptKey, shardOf, pairFiles, tableRows, aliases, wordPairFilter, preload, search, run,
    editDistance, highlightRanges };
})();
