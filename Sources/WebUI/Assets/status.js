// The line in the header on what the knowledge base holds and when it was refreshed.
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
    var refreshed = status.lastRefresh && status.lastRefresh.finishedAt;
    parts.push(typeof refreshed === 'string' ? 'refreshed ' + refreshed.slice(0, 10) : 'never refreshed');
    if (status.indexMatchesCorpus === false) parts.push('index behind the corpus');
    $('kb-status').textContent = parts.join(' · ');
  }).catch(function () { $('kb-status').textContent = ''; });
}
