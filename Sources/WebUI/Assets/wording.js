// Names and numbers as the page words them.

export function eventName(event) {
  if (!event) return '';
  var wwdc = /^wwdc(\d{2,4})$/i.exec(event);
  if (wwdc) return 'WWDC' + (wwdc[1].length === 2 ? '20' + wwdc[1] : wwdc[1]);
  if (event === 'tech-talks') return 'Tech Talks';
  return event;
}

export function plural(count, word) { return count + ' ' + word + (count === 1 ? '' : 's'); }

// Seconds as `m:ss` (`h:mm:ss` past an hour), as the CLI writes times.
export function timestamp(seconds) {
  var whole = Math.floor(seconds);
  var hours = Math.floor(whole / 3600);
  var minutes = Math.floor((whole % 3600) / 60);
  var rest = String(whole % 60).padStart(2, '0');
  return hours ? hours + ':' + String(minutes).padStart(2, '0') + ':' + rest : minutes + ':' + rest;
}
