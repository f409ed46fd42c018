// The verify view: a pasted write-up comes back with each quotation marked and its verdict
// explained, as `duo-kb verify` gives them.
import { api, errorText } from './api.js';
import { $, element, setWebLink } from './elements.js';
import { documentRoute } from './routes.js';

var verdictClass = {
  verified: 'v-ok', 'verified-edited': 'v-ok', misquoted: 'v-bad', 'wrong-time': 'v-warn',
  'wrong-source': 'v-bad', 'not-found': 'v-bad', 'too-short': 'v-warn', unchecked: 'v-warn'
};
var statusLabel = {
  verified: 'Verified', 'verified-edited': 'Verified, with editorial marks', misquoted: 'Misquoted',
  'wrong-time': 'Wrong time', 'wrong-source': 'Wrong source', 'not-found': 'Not found', 'too-short': 'Too short',
  unchecked: 'Unchecked'
};
var markNames = { ellipsis: 'an ellipsis', brackets: 'words in brackets', 'first-letter-case': 'a changed first letter' };

function explanation(verdict) {
  var where = verdict.time ? ' at ' + verdict.time : '';
  var source = verdict.source ? ' in “' + verdict.source + '”' : '';
  switch (verdict.status) {
    case 'verified': return 'Apple’s exact words' + source + where + '.';
    case 'verified-edited':
      return 'Apple’s words' + source + where + ', with ' +
        (verdict.marks || []).map(function (mark) { return markNames[mark] || mark; }).join(' and ') + '.';
    case 'misquoted': return 'The words differ from what Apple said' + source + where + '.';
    case 'wrong-time':
      return 'Apple’s words, but' + where + (verdict.claimedTime ? ', not at ' + verdict.claimedTime : '') + source + '.';
    case 'wrong-source':
      return 'Apple’s words, but' + source + (verdict.claimedSource ? ', not in “' + verdict.claimedSource + '”' : '') + where + '.';
    case 'not-found': return 'No passage in the knowledge base holds these words.';
    case 'too-short': return 'Too short to tell where it comes from.';
    default: return 'Not checked.';
  }
}

// Code-unit offset in `text` of 1-based (line, column), the column counted in characters.
function offsetOf(lines, line, column) {
  var offset = 0;
  for (var i = 0; i < line - 1 && i < lines.length; i++) offset += lines[i].length + 1;
  var current = lines[line - 1] || '';
  return offset + Array.from(current).slice(0, Math.max(0, column - 1)).join('').length;
}

var closingMarks = '"”’\'»›';

// Where a quotation stands in the text: from its opening mark to its closing one (a
// blockquote: its words); the words may wrap onto later lines.
function spanOf(text, lines, verdict) {
  var start = offsetOf(lines, verdict.line, verdict.column);
  var words = verdict.quotation.split(/\s+/).filter(Boolean).map(function (word) {
    return word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  });
  if (!words.length) return null;
  var pattern = new RegExp(words.join('[\\s>]+'), 'g');
  pattern.lastIndex = start;
  var match = pattern.exec(text);
  if (!match || match.index - start > 3) return { start: start, end: Math.max(start + 1, text.indexOf('\n', start) < 0 ? text.length : text.indexOf('\n', start)) };
  var end = match.index + match[0].length;
  if (verdict.form !== 'blockquote' && end < text.length && closingMarks.indexOf(text.charAt(end)) >= 0) end++;
  return { start: start, end: end };
}

function jumpLink(targetID, text, label) {
  var link = element('a', null, text);
  link.href = '#/verify';
  link.setAttribute('aria-label', label);
  link.addEventListener('click', function (event) {
    event.preventDefault();
    var target = $(targetID);
    target.scrollIntoView({ block: 'center' });
    target.focus();
  });
  return link;
}

function renderMarked(text, verdicts) {
  var lines = text.split('\n');
  var spans = verdicts.map(function (verdict, index) {
    var span = spanOf(text, lines, verdict);
    return span && { start: span.start, end: span.end, verdict: verdict, number: index + 1 };
  }).filter(Boolean).sort(function (a, b) { return a.start - b.start; });
  var pre = $('verify-marked');
  var nodes = [];
  var last = 0;
  spans.forEach(function (span) {
    if (span.start < last) return;
    if (span.start > last) nodes.push(document.createTextNode(text.slice(last, span.start)));
    var mark = element('mark', verdictClass[span.verdict.status] || 'v-warn', text.slice(span.start, span.end));
    mark.id = 'quotation-' + span.number;
    mark.tabIndex = -1;
    mark.setAttribute('data-status', span.verdict.status);
    nodes.push(mark);
    var sup = element('sup');
    sup.appendChild(jumpLink('verdict-' + span.number, String(span.number),
      'Quotation ' + span.number + ': ' + (statusLabel[span.verdict.status] || span.verdict.status) + '; go to the verdict'));
    nodes.push(sup);
    last = span.end;
  });
  if (last < text.length) nodes.push(document.createTextNode(text.slice(last)));
  pre.replaceChildren.apply(pre, nodes);
}

function verdictItem(verdict, number) {
  var item = element('li', 'verdict ' + (verdictClass[verdict.status] || 'v-warn'));
  item.id = 'verdict-' + number;
  item.tabIndex = -1;
  item.setAttribute('data-status', verdict.status);
  var head = element('p');
  head.appendChild(element('span', 'status', number + '. ' + (statusLabel[verdict.status] || verdict.status)));
  head.appendChild(document.createTextNode(' — line ' + verdict.line + ', column ' + verdict.column + ' '));
  head.appendChild(jumpLink('quotation-' + number, '(show in the document)', 'Show quotation ' + number + ' in the document'));
  item.appendChild(head);
  item.appendChild(element('p', 'quoted', '“' + verdict.quotation + '”'));
  item.appendChild(element('p', 'explanation', explanation(verdict)));
  if (verdict.closest && verdict.status !== 'verified') {
    var closest = element('p', 'closest');
    closest.appendChild(element('strong', null, 'Apple said: '));
    closest.appendChild(document.createTextNode('“' + verdict.closest + '”'));
    item.appendChild(closest);
  }
  if (verdict.diff && verdict.diff.text) {
    var diff = element('p', 'diff');
    diff.appendChild(element('strong', null, 'Word diff: '));
    diff.appendChild(diffText(verdict.diff.text));
    item.appendChild(diff);
  }
  if (verdict.note) item.appendChild(element('p', 'note', verdict.note));
  if (verdict.link || verdict.citation) {
    var links = element('p', 'links');
    if (verdict.link) {
      var open = element('a', 'button', verdict.time ? 'Play at ' + verdict.time : 'Open the source');
      setWebLink(open, verdict.link);
      open.target = '_blank';
      open.rel = 'noopener noreferrer';
      links.appendChild(open);
    }
    if (verdict.citation && verdict.sourceID) {
      links.appendChild(document.createTextNode(' '));
      var read = element('a', 'button', 'In the document');
      read.href = documentRoute(verdict.sourceID, { cite: verdict.citation });
      links.appendChild(read);
      links.appendChild(document.createTextNode(' '));
      links.appendChild(element('code', 'citation', verdict.citation));
    }
    item.appendChild(links);
  }
  return item;
}

// The word diff as `duo-kb verify` writes it, `{+added+}` and `[-left out-]`, marked up.
function diffText(text) {
  var code = element('code');
  var pattern = /\{\+([\s\S]*?)\+\}|\[-([\s\S]*?)-\]/g;
  var last = 0;
  var match;
  while ((match = pattern.exec(text)) !== null) {
    if (match.index > last) code.appendChild(document.createTextNode(text.slice(last, match.index)));
    var added = match[1] !== undefined;
    var node = element(added ? 'ins' : 'del', null, added ? match[1] : match[2]);
    node.setAttribute('aria-label', (added ? 'added: ' : 'left out: ') + node.textContent);
    code.appendChild(node);
    last = pattern.lastIndex;
  }
  if (last < text.length) code.appendChild(document.createTextNode(text.slice(last)));
  return code;
}

function verify(event) {
  event.preventDefault();
  var text = $('verify-text').value;
  var summary = $('verify-summary');
  summary.classList.remove('error');
  if (!text.trim()) { summary.textContent = 'Paste a document to verify first.'; $('verify-text').focus(); return; }
  summary.textContent = 'Verifying…';
  api('/api/verify', { method: 'POST', body: text, headers: { 'Content-Type': 'text/markdown; charset=utf-8' } })
    .then(function (report) {
      var verdicts = report.quotations || [];
      summary.textContent = verdicts.length ? report.summary + '.' : 'No quotation of Apple found in this document.';
      $('verify-result').hidden = !verdicts.length;
      renderMarked(text, verdicts);
      var list = $('verdicts');
      list.replaceChildren.apply(list, verdicts.map(function (verdict, index) { return verdictItem(verdict, index + 1); }));
    }).catch(function (error) {
      summary.classList.add('error');
      summary.textContent = errorText(error);
      $('verify-result').hidden = true;
    });
}

export function wireVerify() {
  $('verify-form').addEventListener('submit', verify);
  $('verify-text').addEventListener('keydown', function (event) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) verify(event);
  });
}
