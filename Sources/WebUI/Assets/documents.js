// The document views: the list of what the knowledge base holds, and one talk's transcript
// (times, chapters, speakers) or one page's sections, with a link to every passage.
import { api, errorText, loadDocuments } from './api.js';
import { copyCitation } from './copy.js';
import { $, element, setWebLink } from './elements.js';
import { lastQuote } from './hit.js';
import { documentRoute, focusHeading } from './routes.js';
import { eventName, plural, timestamp } from './wording.js';

export function enterDocuments() {
  focusHeading('docs-title');
  var summary = $('docs-summary');
  summary.classList.remove('error');
  loadDocuments().then(function (answer) {
    var documents = answer.documents || [];
    var sorted = documents.slice().sort(function (a, b) {
      return (b.year || 0) - (a.year || 0) || String(a.title).localeCompare(String(b.title));
    });
    var list = $('doc-list');
    list.replaceChildren.apply(list, sorted.map(function (doc) {
      var item = element('li');
      var link = element('a', null, doc.title);
      link.href = documentRoute(doc.id);
      item.appendChild(link);
      var meta = [
        doc.kind === 'hig' ? 'Human Interface Guidelines'
          : doc.kind === 'doc' ? 'Apple Developer Documentation'
          : doc.eventName || eventName(doc.event) || 'Talk'
      ];
      if (doc.year) meta.push(String(doc.year));
      if (typeof doc.passages === 'number') meta.push(plural(doc.passages, 'passage'));
      item.appendChild(element('p', 'meta', meta.join(' · ') + ' · ' + doc.id));
      return item;
    }));
    summary.textContent = plural(documents.length, 'document') + '.';
  }).catch(function (error) {
    summary.classList.add('error');
    summary.textContent = errorText(error);
  });
}

var shownDocument = null;

function secondsOf(link) {
  var match = /[?&]time=(\d+)/.exec(link || '');
  return match ? Number(match[1]) : null;
}

export function enterDocument(id, params) {
  if (shownDocument && shownDocument.id === id) { selectPassage(params); return; }
  var summary = $('doc-summary');
  summary.classList.remove('error');
  summary.textContent = 'Loading…';
  $('doc-title').textContent = id;
  $('doc-passages').replaceChildren();
  $('doc-toc').hidden = true;
  $('doc-related').hidden = true;
  $('doc-meta').replaceChildren();
  api('/api/documents/' + id.split('/').map(encodeURIComponent).join('/')).then(function (answer) {
    renderDocument(id, answer);
    selectPassage(params);
  }).catch(function (error) {
    shownDocument = null;
    summary.classList.add('error');
    summary.textContent = errorText(error);
    focusHeading('doc-title');
  });
}

function renderDocument(id, answer) {
  var doc = answer.document || answer;
  var passages = answer.passages || [];
  var chapters = answer.chapters || answer.sections || [];
  var isTalk = doc.kind === 'talk';
  $('doc-title').textContent = doc.title;
  var meta = $('doc-meta');
  var parts = [isTalk ? doc.eventName || eventName(doc.event) || 'Talk' : 'Human Interface Guidelines'];
  if (doc.year) parts.push(String(doc.year));
  meta.appendChild(document.createTextNode(parts.join(' · ') + ' · '));
  var source = element('a', null, isTalk ? 'Watch on Apple’s site' : 'Read on Apple’s site');
  setWebLink(source, doc.url);
  source.target = '_blank';
  source.rel = 'noopener noreferrer';
  meta.appendChild(source);
  meta.appendChild(document.createTextNode(' · '));
  meta.appendChild(element('code', null, doc.id || id));
  renderRelatedDocumentation(answer.relatedDocumentation || []);

  var citationCounts = {};
  passages.forEach(function (passage) { citationCounts[passage.citation] = (citationCounts[passage.citation] || 0) + 1; });

  // Chapters (talks) start at a second; sections (pages) at the passage of their anchor.
  var chapterAt = {};
  chapters.forEach(function (chapter, index) {
    var seconds = secondsOf(chapter.link);
    var position = -1;
    for (var i = 0; i < passages.length; i++) {
      var passage = passages[i];
      if (seconds !== null && passage.start !== null && passage.start !== undefined ? passage.start >= seconds : passage.citation === chapter.citation) {
        position = i;
        break;
      }
    }
    chapter.position = position;
    chapter.number = index;
    if (position >= 0 && !chapterAt[position]) chapterAt[position] = chapter;
  });

  var toc = $('doc-chapters');
  $('doc-toc-title').textContent = isTalk ? 'Chapters' : 'Sections';
  toc.replaceChildren.apply(toc, chapters.map(function (chapter) {
    var item = element('li');
    var link = element('a', null, chapter.title);
    if (chapter.position >= 0) link.href = passageRoute(doc.id || id, passages[chapter.position], chapter.position, citationCounts);
    else setWebLink(link, chapter.link);
    item.appendChild(link);
    var at = secondsOf(chapter.link);
    if (at !== null) item.appendChild(document.createTextNode(' ' + timestamp(at)));
    return item;
  }));
  $('doc-toc').hidden = chapters.length === 0;

  var lastHeading = null;
  var lastSpeaker = null;
  var items = [];
  passages.forEach(function (passage, index) {
    var chapter = chapterAt[index];
    var heading = chapter ? chapter.title : (!isTalk && passage.heading && passage.heading !== lastHeading ? passage.heading : null);
    if (heading) {
      var head = element('li', 'section-start');
      head.appendChild(element('h2', 'heading', heading));
      items.push(head);
      lastHeading = passage.heading || heading;
    }
    var turn = passage.speaker && (passage.speaker !== lastSpeaker || heading);
    lastSpeaker = passage.speaker || null;
    items.push(passageItem(doc.id || id, passage, index, citationCounts, isTalk, turn));
  });
  var list = $('doc-passages');
  list.replaceChildren.apply(list, items);
  var count = passages.length;
  $('doc-summary').textContent = plural(count, 'passage') + (chapters.length ? ', ' + plural(chapters.length, isTalk ? 'chapter' : 'section') : '') + '.';
  shownDocument = { id: id, passages: passages };
}

// A talk's links to documentation pages: each opens on Apple's site, and one the knowledge
// base holds opens here too.
function renderRelatedDocumentation(pages) {
  var items = pages.map(function (page) {
    var item = element('li');
    var link = element('a', null, page.title);
    setWebLink(link, page.url);
    link.target = '_blank';
    link.rel = 'noopener noreferrer';
    item.appendChild(link);
    if (page.id) {
      item.appendChild(document.createTextNode(' · '));
      var code = element('code', null, page.id);
      if (page.inCorpus) {
        var local = element('a', 'related-local');
        local.href = documentRoute(page.id);
        local.appendChild(code);
        item.appendChild(local);
      } else {
        item.appendChild(code);
      }
    }
    return item;
  });
  var list = $('doc-related-list');
  list.replaceChildren.apply(list, items);
  $('doc-related').hidden = items.length === 0;
}

function passageRoute(id, passage, index, citationCounts) {
  return documentRoute(id, citationCounts[passage.citation] === 1 ? { cite: passage.citation } : { p: index + 1 });
}

// `turn`: the passage where a speaker starts (or starts again); it names them.
function passageItem(id, passage, index, citationCounts, isTalk, turn) {
  var item = element('li');
  item.id = 'passage-' + (index + 1);
  item.tabIndex = -1;
  item.dataset.citation = passage.citation;
  var at = element('span', 'at');
  var open = element('a', null, isTalk ? passage.timestamp || '' : '§');
  setWebLink(open, passage.link);
  open.target = '_blank';
  open.rel = 'noopener noreferrer';
  open.setAttribute('aria-label', isTalk ? 'Play at ' + passage.timestamp + ' on Apple’s site' : 'Open this section on Apple’s site');
  at.appendChild(open);
  item.appendChild(at);
  var text = element('p', 'text' + (passage.passageKind === 'code' ? ' code' : ''));
  if (turn) text.appendChild(element('span', 'speaker', passage.speaker + ': '));
  text.appendChild(document.createTextNode(passage.quote));
  item.appendChild(text);
  var tools = element('span', 'tools');
  var permalink = element('a', 'button', 'Link');
  permalink.href = passageRoute(id, passage, index, citationCounts);
  permalink.className = 'button permalink';
  permalink.setAttribute('aria-label', 'Link to this passage (' + passage.citation + ')');
  tools.appendChild(permalink);
  var copy = element('button', 'copy', 'Copy citation');
  copy.type = 'button';
  copy.setAttribute('aria-label', 'Copy the Markdown citation of ' + passage.citation);
  copy.addEventListener('click', function () { copyCitation(passage.citation, 'markdown', copy); });
  tools.appendChild(copy);
  item.appendChild(tools);
  return item;
}

// The passage a deep link names: ?p=<n> (1-based) or ?cite=<citation>.
function selectPassage(params) {
  var passages = shownDocument ? shownDocument.passages : [];
  var index = -1;
  if (params.p) index = Number(params.p) - 1;
  else if (params.cite) {
    var matching = [];
    passages.forEach(function (passage, i) { if (passage.citation === params.cite) matching.push(i); });
    index = matching.length ? matching[0] : -1;
    if (matching.length > 1 && lastQuote) {
      matching.forEach(function (i) { if (passages[i].quote === lastQuote) index = i; });
    }
  }
  Array.prototype.forEach.call(document.querySelectorAll('#doc-passages li.current'), function (node) { node.classList.remove('current'); });
  var target = index >= 0 ? $('passage-' + (index + 1)) : null;
  if (target) {
    target.classList.add('current');
    target.scrollIntoView({ block: 'center' });
    target.focus({ preventScroll: true });
  } else {
    window.scrollTo(0, 0);
    focusHeading('doc-title');
  }
}
