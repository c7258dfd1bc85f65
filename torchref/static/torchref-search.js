// torchref search: reads the index written by torchref/search/index.py.
// The term rules mirror torchref/search/text.py; tests keep the two in step.
"use strict";

const TorchrefSearch = (function () {
  const STOPWORDS = new Set(("a an and are as at be by for from has have in is it its of on or that the this to was " +
    "were which with you your can not no").split(" "));
  const IRREGULAR = { indices: "index", matrices: "matrix", vertices: "vertex", children: "child" };
  const SUFFIXES = ["ations", "ation", "ions", "ion", "ings", "ing", "edly", "ied", "ies", "ed", "es", "ly", "s", "e"];
  const WORD = /[a-z0-9_]+(?:\.[a-z0-9_]+)*/g;
  const HAN_RUN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+/g;
  const HAN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/;
  // Reference entries and sections before the longer gallery pages that show them in use, and
  // before the glossary, which names every term but answers a query only where no entry does.
  const KIND_PRIOR = { api: 1.2, section: 1.1, page: 0.7, example: 0.3, glossary: 0.3 };
  const KINDS = { a: "api", s: "section", p: "page", e: "example", g: "glossary" };  // index.py's KINDS
  // Results shown at first and per "show more": the ten that are ranked with care, each needing its summary.
  const SHOWN = 10;
  // What a glossary term's other items (the other language, synonyms) weigh beside the query's own terms.
  const RELATED_WEIGHT = 0.5;

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
      for (let i = 0; i + 1 < chars.length; i++) terms.push(chars[i] + chars[i + 1]);
    }
    return terms;
  }

  function queryTerms(text) {
    // The distinct terms looked up for text typed as a query (search/text.py's query_terms).
    return [...new Set([...englishTerms(text), ...chineseTerms(text, true)])];
  }

  function shardOf(term, shards) {
    let value = 2166136261;
    for (const char of term) value = Math.imul(value ^ char.codePointAt(0), 16777619) >>> 0;
    return value % shards;
  }

  function aliases(name) {
    // An API name and the short forms people type: torch.nn.functional.one_hot, nn.functional.one_hot,
    // F.one_hot, one_hot. The number is how strongly an exact match points at this entry.
    const full = name.toLowerCase();
    const found = [[full, 3]];
    if (full.startsWith("torch.")) {
      const rest = full.slice(6);
      found.push([rest, 2]);
      if (rest.startsWith("nn.functional.")) found.push(["f." + rest.slice(14), 2], [rest.slice(3), 2]);
      if (rest.startsWith("tensor.")) found.push(["x." + rest.slice(7), 1]);
    }
    found.push([full.split(".").pop(), 1]);
    return found;
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

  async function loadIndex(base) {
    // meta.json rows are [page, anchor, kind letter, terms of the shortest title]; an API
    // entry's anchor is its name. Titles and summaries are in the pages' files (summariesOf).
    const meta = await fetchJSON(base + "meta.json");
    if (!meta.units) {
      meta.units = meta.docs.map(([page, anchor, kind, titleTerms]) => ({
        url: meta.pages[page] + (anchor ? "#" + anchor : ""),
        page: meta.pages[page],
        anchor,
        kind: KINDS[kind],
        name: kind === "a" ? anchor : "",
        titleTerms,
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
    // torch.tensor and torch.Tensor differ only in case: the exact spelling wins.
    return (meta.aliases.get(query.toLowerCase()) || []).map(([doc, strength]) =>
      [doc, meta.units[doc].name.endsWith(query) ? strength + 0.5 : strength]);
  }

  function normaliseName(text) {
    // "torch.cat()" and "torch.cat(tensors, dim=0)" name torch.cat.
    return text.trim().replace(/\(.*$/, "").replace(/\s+/g, "");
  }

  function titleMatch(unit, inTitle, terms) {
    // Share of the query's terms found in the unit's title, in any edition's language (a posting's
    // lowest bit); a query that is a whole title (all of its terms, as many as the title has) counts double.
    if (inTitle === terms.length && terms.length === unit.titleTerms) return 2;
    return inTitle / terms.length;
  }

  async function rank(meta, base, query) {
    // Every unit the query finds, best first, and the query's English words that the index lacks.
    const terms = queryTerms(query);
    // A glossary term of the query also searches its other items, at a discount: a unit that has
    // "label_smoothing" answers 标签平滑 and covers the query's terms for it. Per concept a unit
    // scores by its own words or by the other items, whichever is more: a unit that uses the
    // query's words is not raised further by also using their translation.
    const concepts = glossaryConcepts(meta.glossary, query).map(({ own, related }) => ({
      own: own.filter((term) => terms.includes(term)),
      related: [...new Set(related.flatMap(queryTerms))].filter((term) => !terms.includes(term)),
    }));
    const extra = [...new Set(concepts.flatMap(({ related }) => related))];
    const looked = [...terms, ...extra];
    const shards = await Promise.all(looked.map((t) => fetchJSON(`${base}shard-${shardOf(t, meta.shards)}.json`)));
    // Postings are [unit, value, ...], value = 2 * weight + (1 if the term is in the unit's title).
    // {top: [...]} lists an over-common term's strongest units only (的, tensor): the units left
    // out may well have it, so every unit counts as having it.
    const postingsOf = new Map(looked.map((term, i) => {
      const entry = shards[i][term] || [];
      return [term, Array.isArray(entry) ? entry : entry.top];
    }));
    const common = new Set(terms.filter((term, i) => shards[i][term] && !Array.isArray(shards[i][term])));
    const score = new Map();
    const covered = new Map();
    const indexed = new Set();
    const weightOf = new Map();  // unit -> query term -> its weight there
    const add = (doc, value, own, credit) => {
      // covered: how far each of the query's terms is matched, 1 by the term itself
      score.set(doc, (score.get(doc) || 0) + value);
      if (!covered.has(doc)) covered.set(doc, new Map());
      own.forEach((term) => covered.get(doc).set(term, Math.max(credit, covered.get(doc).get(term) || 0)));
    };
    const inTitle = new Map();
    for (const term of terms) {
      const postings = postingsOf.get(term);
      if (postings.length) indexed.add(term);
      for (let j = 0; j < postings.length; j += 2) {
        add(postings[j], postings[j + 1] >> 1, [term], 1);
        if (!weightOf.has(postings[j])) weightOf.set(postings[j], new Map());
        weightOf.get(postings[j]).set(term, postings[j + 1] >> 1);
        if (postings[j + 1] & 1) inTitle.set(postings[j], (inTitle.get(postings[j]) || 0) + 1);
      }
    }
    for (const { own, related } of concepts) {
      const byRelated = new Map();
      for (const term of related) {
        const postings = postingsOf.get(term);
        for (let j = 0; j < postings.length; j += 2) {
          byRelated.set(postings[j], (byRelated.get(postings[j]) || 0) + RELATED_WEIGHT * (postings[j + 1] >> 1));
        }
      }
      for (const [doc, value] of byRelated) {
        const byOwn = own.reduce((sum, term) => sum + ((weightOf.get(doc) && weightOf.get(doc).get(term)) || 0), 0);
        if (value > byOwn) add(doc, value - byOwn, own, RELATED_WEIGHT);
      }
    }
    let best = 1;
    for (const [doc, value] of score) {
      const matched = (term) => (common.has(term) ? 1 : covered.get(doc).get(term) || 0);
      const coverage = terms.reduce((sum, term) => sum + matched(term), 0) / terms.length;
      const unit = meta.units[doc];
      const titled = titleMatch(unit, inTitle.get(doc) || 0, terms);
      const ranked = value * coverage * coverage * (1 + titled * titled) * (KIND_PRIOR[unit.kind] || 1);
      score.set(doc, ranked);
      best = Math.max(best, ranked);
    }
    // Exact API names first; a name among other words (cat 拼接) counts less.
    const words = query.split(/\s+/).filter(Boolean);
    const named = new Set();
    for (const [doc, strength] of aliasMatches(meta, normaliseName(query))) {
      score.set(doc, (score.get(doc) || 0) + best * (1 + strength));
      named.add(normaliseName(query).toLowerCase());
    }
    if (words.length > 1) {
      // Among English words, a lowercase word is read as an API name only when it looks like code
      // ("add a new dimension" is not about torch.add); next to Chinese (cat 拼接) it is a name.
      const beside = HAN.test(query);
      for (const word of words) {
        const code = beside || /[._()\d]|[A-Z]/.test(word);
        for (const [doc, strength] of aliasMatches(meta, normaliseName(word))) {
          if (code) score.set(doc, (score.get(doc) || 0) + best * 0.4 * strength);
          named.add(normaliseName(word).toLowerCase());
        }
      }
    }
    const ranking = [...score.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([doc]) => doc);
    // A word is unknown when one of its English terms is in no unit and it is no API name.
    const unknown = words.filter((word) => !named.has(normaliseName(word).toLowerCase()) &&
      englishTerms(word).some((term) => !indexed.has(term)));
    return { ranking, unknown };
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

  function correctWord(word, vocabulary, known) {
    // One typo (one letter missing, extra, wrong or two swapped) in a word of four letters or more;
    // a dotted name is corrected part by part, so the reader's spelling of the other parts stays.
    const name = normaliseName(word);
    if (!/^[A-Za-z0-9_.]+$/.test(name)) return null;
    const fix = (part) => {
      const lower = part.toLowerCase();
      if (lower.length < 4 || known.has(lower) || /^[0-9]/.test(lower)) return part;
      return closestWords(lower, vocabulary, 1, 1)[0] || part;
    };
    const parts = name.split(".");
    const fixed = parts.map(fix).join(".");
    if (fixed !== name) return fixed;
    if (parts.length > 1) return closestWords(name.toLowerCase(), vocabulary, 1, 1)[0] || null;
    return null;
  }

  async function summariesOf(base, meta, docs) {
    // Titles and summaries come from the files of the results' pages: a page's entries are often
    // found together, so ten results need only a few files.
    const pages = [...new Set(docs.map((doc) => meta.units[doc].page))];
    const files = new Map(await Promise.all(pages.map((page) =>
      fetchJSON(`${base}p/${page.replace(/\.html$/, "")}.json`).then((file) => [page, file]))));
    return docs.map((doc) => {
      const unit = meta.units[doc];
      const file = files.get(unit.page);
      const [, title, summary] = file.units.find(([anchor]) => anchor === unit.anchor);
      return { ...unit, title, summary, pageTitle: file.title };
    });
  }

  async function search(base, query) {
    // {query: what was searched, corrected: the query with a typo fixed (or ""),
    //  ranking: every unit found, best first, suggestions: closest terms when nothing was found}
    const meta = await loadIndex(base);
    let found = await rank(meta, base, query);
    let searched = query;
    let corrected = "";
    let suggestions = [];
    if (found.unknown.length) {
      // Only now the vocabulary: queries without a typo never load it.
      const vocabulary = await fetchJSON(`${base}vocabulary.json`);
      const known = new Set(vocabulary);
      let fixed = query;
      for (const word of found.unknown) {
        const better = correctWord(word, vocabulary, known);
        if (better) fixed = fixed.replace(word, better);
      }
      if (fixed !== query) {
        const retried = await rank(meta, base, fixed);
        if (retried.ranking.length) {
          found = retried;
          searched = corrected = fixed;
        }
      }
      if (!found.ranking.length) {
        suggestions = [...new Set(found.unknown.flatMap((word) =>
          closestWords(normaliseName(word).toLowerCase(), vocabulary, 2, 5)))].slice(0, 5);
      }
    }
    return { query: searched, corrected, ranking: found.ranking, suggestions, meta };
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
      found.push({ own, items, related: items.filter((item) => !named.includes(item)) });
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

  function snippetOf(text, query, related = []) {
    // About 200 characters of the text around its first match, cut between words where the text
    // has spaces, with an ellipsis on each side where something was left out.
    const LENGTH = 200;
    if (text.length <= LENGTH) return text;
    const first = highlightRanges(text, query, related)[0];
    let start = first ? Math.max(0, first[0] - 60) : 0;
    if (start > 0 && /\S/.test(text[start - 1])) {
      const space = text.indexOf(" ", start);
      if (space >= 0 && space - start < 20 && (!first || space < first[0])) start = space + 1;
    }
    let end = Math.min(text.length, start + LENGTH);
    if (end < text.length && /\S/.test(text[end])) {
      const space = text.lastIndexOf(" ", end);
      if (space > start + LENGTH - 40) end = space;
    }
    return (start > 0 ? "…" : "") + text.slice(start, end).trim() + (end < text.length ? "…" : "");
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
    appendHighlighted(snippet, snippetOf(result.summary, query, related), query, related);
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

  async function render(container, base, original, found, started) {
    const { query, corrected, ranking, suggestions, meta } = found;
    const related = translations(meta.glossary, query);
    const labels = container.dataset;
    container.replaceChildren();
    const summary = document.createElement("p");
    summary.className = "search-summary";
    const label = ranking.length ? labels.labelFound : labels.labelNone;
    summary.textContent = fill(label, { count: String(ranking.length), query });
    container.append(summary);
    if (corrected) {
      const note = document.createElement("p");
      note.className = "search-corrected";
      note.textContent = fill(labels.labelCorrected, { query: original, corrected });
      container.append(note);
    }
    if (!ranking.length) noResults(container, original, suggestions);
    const list = document.createElement("ol");
    list.className = "torchref-search-results";
    container.append(list);
    let shown = 0;
    const more = document.createElement("button");
    more.type = "button";
    more.className = "btn btn-sm search-more";
    const showMore = async () => {
      const next = ranking.slice(shown, shown + SHOWN);
      for (const result of await summariesOf(base, meta, next)) list.append(resultItem(result, query, related));
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
  return { stem, englishTerms, chineseTerms, queryTerms, shardOf, aliases, search, editDistance, snippetOf, highlightRanges };
})();
