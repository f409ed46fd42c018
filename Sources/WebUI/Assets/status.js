// The line in the header on what the knowledge base holds and how old it is: the last
// refresh of this home, else (a corpus brought here built, as the sample one) when its
// newest document was fetched.
import { api } from './api.js';
import { $ } from './elements.js';
import { plural } from './wording.js';

export function showStatus() {
  api('/api/status').then(function (status) {
    var parts = [];
    // `documents` counts by kind ({"talk": 4, "hig": 0}).
    var byKind = status.documents || {};
    var count = typeof byKind === 'number' ? byKind : Object.keys(byKind).reduce(function (sum, kind) {
      return sum + (typeof byKind[kind] === 'number' ? byKind[kind] : 0);
    }, 0);
    parts.push(plural(count, 'document'));
    parts.push(age(status, count));
    if (status.indexMatchesCorpus === false) parts.push('index behind the corpus');
    $('kb-status').textContent = parts.join(' · ');
  }).catch(function () { $('kb-status').textContent = ''; });
}

function age(status, count) {
  var refreshed = status.lastRefresh && status.lastRefresh.finishedAt;
  if (typeof refreshed === 'string') return 'refreshed ' + refreshed.slice(0, 10);
  if (typeof status.corpusFetchedAt === 'string') return 'corpus built ' + status.corpusFetchedAt.slice(0, 10);
  return count === 0 ? 'nothing harvested yet' : 'no refresh recorded';
}
