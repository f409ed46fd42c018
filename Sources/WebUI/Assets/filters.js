// The filters of the search (event, year, language) offer what the knowledge base holds.
import { loadDocuments } from './api.js';
import { $ } from './elements.js';
import { eventName } from './wording.js';

function fillSelect(select, values, label) {
  var chosen = select.value;
  var options = [new Option('all', '')];
  values.forEach(function (value) {
    if (value !== '' && value !== null && value !== undefined) options.push(new Option(label(value), String(value)));
  });
  // A value from the address that the knowledge base does not hold stays chosen.
  if (chosen && !values.some(function (value) { return String(value) === chosen; })) options.push(new Option(chosen, chosen));
  select.replaceChildren.apply(select, options);
  select.value = chosen;
}

function unique(list, key) {
  var seen = {};
  list.forEach(function (item) { if (item[key] !== null && item[key] !== undefined) seen[item[key]] = true; });
  return Object.keys(seen);
}

export function fillFilters() {
  loadDocuments().then(function (documents) {
    fillSelect($('f-event'), unique(documents, 'event').sort(), eventName);
    fillSelect($('f-year'), unique(documents, 'year').sort().reverse(), String);
    fillSelect($('f-lang'), unique(documents, 'language').sort(), String);
  }).catch(function () { /* the filters keep "all"; the search says what is wrong */ });
}
