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
  // Reference entries and sections before the longer gallery pages that show them in use.
  const KIND_PRIOR = { api: 1.2, section: 1.1, page: 1.0, example: 0.6 };
  const SHOWN = 20;

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
    // meta.json rows are [page, anchor, title, kind, titles in other editions?]
    const meta = await fetchJSON(base + "meta.json");
    if (!meta.units) {
      meta.units = meta.docs.map(([page, anchor, title, kind, others]) => ({
        url: meta.pages[page][0] + (anchor ? "#" + anchor : ""),
        pageTitle: meta.pages[page][1],
        title,
        kind,
        name: kind === "api" ? title : "",
        titles: others ? `${title} | ${others}` : title,
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

  function titleMatch(titles, terms, query) {
    // Share of the query's terms found in the unit's title, in any edition's language;
    // a title that is exactly the query counts double.
    const plain = (text) => text.toLowerCase().replace(/\s+/g, " ").trim();
    if (titles.split(" | ").some((title) => plain(title) === plain(query))) return 2;
    const inTitle = new Set([...englishTerms(titles), ...chineseTerms(titles, false)]);
    return terms.filter((term) => inTitle.has(term)).length / terms.length;
  }

  async function search(base, query) {
    const meta = await loadIndex(base);
    const terms = [...new Set([...englishTerms(query), ...chineseTerms(query, true)])];
    const shards = await Promise.all(terms.map((t) => fetchJSON(`${base}shard-${shardOf(t, meta.shards)}.json`)));
    const score = new Map();
    const matched = new Map();
    terms.forEach((term, i) => {
      const postings = shards[i][term] || [];
      for (let j = 0; j < postings.length; j += 2) {
        score.set(postings[j], (score.get(postings[j]) || 0) + postings[j + 1]);
        matched.set(postings[j], (matched.get(postings[j]) || 0) + 1);
      }
    });
    let best = 1;
    for (const [doc, value] of score) {
      const coverage = matched.get(doc) / terms.length;
      const unit = meta.units[doc];
      const inTitle = titleMatch(unit.titles, terms, query);
      const ranked = value * coverage * coverage * (1 + inTitle * inTitle) * (KIND_PRIOR[unit.kind] || 1);
      score.set(doc, ranked);
      best = Math.max(best, ranked);
    }
    // Exact API names first; a name among other words (cat 拼接) counts less.
    const words = query.split(/\s+/).filter(Boolean);
    for (const [doc, strength] of aliasMatches(meta, normaliseName(query))) {
      score.set(doc, (score.get(doc) || 0) + best * (1 + strength));
    }
    if (words.length > 1) {
      for (const word of words) {
        for (const [doc, strength] of aliasMatches(meta, normaliseName(word))) {
          score.set(doc, (score.get(doc) || 0) + best * 0.4 * strength);
        }
      }
    }
    const ranking = [...score.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, SHOWN);
    const perFile = meta.summariesPerFile;
    const files = await Promise.all([...new Set(ranking.map(([doc]) => Math.floor(doc / perFile)))]
      .map((file) => fetchJSON(`${base}summaries-${file}.json`).then((list) => [file, list])));
    const summaries = new Map(files);
    return ranking.map(([doc]) => ({
      ...meta.units[doc], summary: summaries.get(Math.floor(doc / perFile))[doc % perFile],
    }));
  }

  function translations(glossary, query) {
    // The glossary terms of the query, in both languages: 步长 also highlights "stride".
    const stems = new Set(englishTerms(query));
    const found = [];
    for (const [english, chinese] of glossary || []) {
      const hit = english.some((item) => englishTerms(item).every((t) => stems.has(t))) ||
        chinese.some((term) => query.includes(term));
      if (hit) found.push(...english, ...chinese);
    }
    return found.join(" ");
  }

  function highlightRanges(text, query) {
    const ranges = [];
    const stems = new Set(englishTerms(query));
    const lower = text.toLowerCase();
    for (const match of lower.matchAll(/[a-z0-9_.]+/g)) {
      const word = match[0].replace(/\.$/, "");
      if (stems.has(word) || stems.has(stem(word))) ranges.push([match.index, match.index + word.length]);
    }
    for (const run of query.match(HAN_RUN) || []) {
      const chars = Array.from(run);
      const pieces = lower.includes(run) ? [run] : chars.slice(1).map((c, i) => chars[i] + c);
      for (const piece of pieces.length ? pieces : [run]) {
        let at = text.indexOf(piece);
        while (at >= 0) { ranges.push([at, at + piece.length]); at = text.indexOf(piece, at + piece.length); }
      }
    }
    return ranges.sort((a, b) => a[0] - b[0]);
  }

  function snippetOf(text, query) {
    // About 200 characters of the text, starting shortly before the first match.
    const LENGTH = 200;
    const first = highlightRanges(text, query)[0];
    const start = first && first[0] > LENGTH / 2 ? text.lastIndexOf(" ", first[0] - 40) + 1 : 0;
    const cut = text.slice(start, start + LENGTH);
    return (start > 0 ? "…" : "") + cut + (start + LENGTH < text.length ? "…" : "");
  }

  function appendHighlighted(element, text, query) {
    // Text nodes and <mark> elements only: neither the query nor the index is ever parsed as HTML.
    let position = 0;
    for (const [start, end] of highlightRanges(text, query)) {
      if (start < position) continue;
      element.append(document.createTextNode(text.slice(position, start)));
      const mark = document.createElement("mark");
      mark.textContent = text.slice(start, end);
      element.append(mark);
      position = end;
    }
    element.append(document.createTextNode(text.slice(position)));
  }

  function render(container, query, results, started, glossary) {
    const marked = `${query} ${translations(glossary, query)}`;
    container.replaceChildren();
    const summary = document.createElement("p");
    summary.className = "search-summary";
    const label = results.length ? container.dataset.labelFound : container.dataset.labelNone;
    summary.textContent = (label || "").replace("{count}", String(results.length)).replace("{query}", query);
    container.append(summary);
    const list = document.createElement("ol");
    list.className = "torchref-search-results";
    for (const result of results) {
      const item = document.createElement("li");
      item.className = `kind-${result.kind}`;
      const link = document.createElement("a");
      link.href = result.url;
      appendHighlighted(link, result.title, marked);
      item.append(link);
      if (result.pageTitle && result.pageTitle !== result.title) {
        const where = document.createElement("span");
        where.className = "search-result-page";
        where.textContent = result.pageTitle;
        item.append(" ", where);
      }
      const snippet = document.createElement("p");
      snippet.className = "search-result-snippet";
      appendHighlighted(snippet, snippetOf(result.summary, marked), marked);
      item.append(snippet);
      list.append(item);
    }
    container.append(list);
    container.dataset.count = String(results.length);
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
      const results = await search(root + "_search/", query);
      render(container, query, results, started, (await loadIndex(root + "_search/")).glossary);
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
  return { stem, englishTerms, chineseTerms, shardOf, aliases, search };
})();
