// The search view: a query answered as it is typed, results reached by the keyboard.
import { api, errorText } from './api.js';
import { copyCitation } from './copy.js';
import { $ } from './elements.js';
import { hitItem } from './hit.js';
import { query } from './routes.js';
import { plural } from './wording.js';

var debounceMilliseconds = 180;
var resultLimit = 20;
var searchTimer = null;
var searchController = null;
var searchSequence = 0;
var lastSearchKey = null;

function filterValues() {
  return { kind: $('f-kind').value, event: $('f-event').value, year: $('f-year').value, lang: $('f-lang').value };
}

function searchParams() {
  var params = filterValues();
  params.q = $('q').value.trim();
  return params;
}

export function enterSearch(params, changed) {
  var q = params.q || '';
  if ($('q').value.trim() !== q) $('q').value = q;
  ['kind', 'event', 'year', 'lang'].forEach(function (key) {
    var select = $('f-' + key);
    var value = params[key] || '';
    if (value && !Array.prototype.some.call(select.options, function (o) { return o.value === value; })) {
      select.appendChild(new Option(value, value));
    }
    select.value = value;
  });
  keepAddress();
  runSearch();
  if (changed) $('q').focus();
}

// The search in the address (without a new history entry), and on the Search link, so
// that coming back from another view finds it again.
function keepAddress() {
  var address = '#/search' + query(searchParams());
  history.replaceState(null, '', address);
  document.querySelector('[data-nav="search"]').setAttribute('href', address);
}

function scheduleSearch() {
  clearTimeout(searchTimer);
  searchTimer = setTimeout(function () {
    keepAddress();
    runSearch();
  }, debounceMilliseconds);
}

function runSearch() {
  var params = searchParams();
  var key = JSON.stringify(params);
  if (key === lastSearchKey) return;
  lastSearchKey = key;
  if (searchController) searchController.abort();
  var summary = $('search-summary');
  summary.classList.remove('error');
  if (!params.q) {
    $('results').replaceChildren();
    summary.textContent = '';
    return;
  }
  var sequence = ++searchSequence;
  searchController = new AbortController();
  params.limit = resultLimit;
  $('results').setAttribute('aria-busy', 'true');
  api('/api/search' + query(params), { signal: searchController.signal }).then(function (answer) {
    if (sequence !== searchSequence) return;
    renderResults(answer);
  }).catch(function (error) {
    if (sequence !== searchSequence || (error && error.name === 'AbortError')) return;
    lastSearchKey = null;
    $('results').replaceChildren();
    summary.classList.add('error');
    summary.textContent = errorText(error);
  }).then(function () {
    if (sequence === searchSequence) $('results').removeAttribute('aria-busy');
  });
}

function renderResults(answer) {
  var list = $('results');
  var hits = answer.results || [];
  list.replaceChildren.apply(list, hits.map(function (hit) { return hitItem(hit, answer.query); }));
  $('search-summary').textContent = searchSummary(answer, hits.length);
}

// What the results are: passages with every word, and (when fewer than the page holds had
// them all) the passages with some of the words that follow them, as the CLI says it.
function searchSummary(answer, shown) {
  if (shown === 0) return 'No passage matches.';
  if (!answer.partialMatches) {
    if (answer.total > shown) return plural(answer.total, 'matching passage') + '; the best ' + shown + ' shown.';
    return plural(answer.total, 'matching passage') + '.';
  }
  var all = answer.total === 0 ? 'No passage matches all the words'
    : plural(answer.total, 'passage') + (answer.total === 1 ? ' matches' : ' match') + ' all the words';
  return all + '; showing passages that match some of the words (' + (shown - answer.total) + ' of ' + shown + ').';
}

function hits() { return Array.prototype.slice.call($('results').children); }

function focusHit(index) {
  var list = hits();
  if (!list.length) return;
  var target = list[Math.max(0, Math.min(index, list.length - 1))];
  list.forEach(function (item) { item.classList.toggle('current', item === target); });
  target.focus();
}

function onResultsKey(event) {
  var item = event.target.closest('.hit');
  if (!item) return;
  var list = hits();
  var index = list.indexOf(item);
  if (event.key === 'Escape') {
    event.preventDefault();
    var menu = event.target.closest('details[open]');
    if (menu) { menu.open = false; menu.querySelector('summary').focus(); } else $('q').focus();
    return;
  }
  if (event.target !== item || event.altKey || event.ctrlKey || event.metaKey) return;
  var key = event.key;
  if (key === 'ArrowDown' || key === 'j') { event.preventDefault(); focusHit(index + 1); }
  else if (key === 'ArrowUp' || key === 'k') {
    event.preventDefault();
    if (index === 0) $('q').focus(); else focusHit(index - 1);
  }
  else if (key === 'Home') { event.preventDefault(); focusHit(0); }
  else if (key === 'End') { event.preventDefault(); focusHit(list.length - 1); }
  else if (key === 'Enter') { event.preventDefault(); item.querySelector('.open').click(); }
  else if (key === 'c') { event.preventDefault(); copyCitation(item.dataset.citation, 'markdown', item.querySelector('.copy')); }
  else if (key === 't') { event.preventDefault(); item.querySelector('.transcript').click(); }
}

// A new token may change every answer.
export function forgetSearch() { lastSearchKey = null; }

export function wireSearch() {
  $('search-form').addEventListener('submit', function (event) {
    event.preventDefault();
    clearTimeout(searchTimer);
    keepAddress();
    runSearch();
    focusHit(0);
  });
  $('q').addEventListener('input', scheduleSearch);
  $('q').addEventListener('keydown', function (event) {
    if (event.key === 'ArrowDown' && hits().length) { event.preventDefault(); focusHit(0); }
  });
  ['f-kind', 'f-event', 'f-year', 'f-lang'].forEach(function (id) { $(id).addEventListener('change', scheduleSearch); });
  $('results').addEventListener('keydown', onResultsKey);
  $('results').addEventListener('focusout', function (event) {
    var item = event.target.closest && event.target.closest('.hit');
    if (item && !item.contains(event.relatedTarget)) item.classList.remove('current');
  });
}
