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

// The events (with people's names for them), years and languages the knowledge base holds.
export function fillFilters() {
  loadDocuments().then(function (answer) {
    var names = {};
    (answer.documents || []).forEach(function (doc) { if (doc.event) names[doc.event] = doc.eventName || eventName(doc.event); });
    fillSelect($('f-event'), Object.keys(answer.events || {}).sort(), function (event) { return names[event] || eventName(event); });
    fillSelect($('f-year'), Object.keys(answer.years || {}).sort().reverse(), String);
    fillSelect($('f-lang'), Object.keys(answer.languages || {}).sort(), String);
  }).catch(function () { /* the filters keep "all"; the search says what is wrong */ });
}
