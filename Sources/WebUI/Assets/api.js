// The server's JSON API: the one place the page sends requests, all to its own origin.
import { showView } from './routes.js';

var tokenKey = 'duo-kb-token';

export function ApiError(message, status, column) {
  this.message = message;
  this.status = status;
  this.column = column;
}

// The address a request refused for want of a token came from, to return to with one.
export var pendingRoute = null;

export function useToken(token) {
  sessionStorage.setItem(tokenKey, token);
  documentsPromise = null;
}

export function api(path, options) {
  options = options || {};
  var headers = options.headers || {};
  var token = sessionStorage.getItem(tokenKey);
  if (token) headers.Authorization = 'Bearer ' + token;
  headers.Accept = 'application/json';
  return fetch(path, {
    method: options.method || 'GET', headers: headers, body: options.body, signal: options.signal,
    credentials: 'same-origin', cache: 'no-store'
  }).then(function (response) {
    return response.text().then(function (text) {
      var body = null;
      try { body = text ? JSON.parse(text) : null; } catch (ignored) { body = null; }
      if (response.status === 401) {
        pendingRoute = location.hash;
        showView('token');
        throw new ApiError('This server needs a token.', 401);
      }
      if (!response.ok) {
        var error = body && body.error;
        throw new ApiError(error && error.message ? error.message : 'The server answered ' + response.status + '.',
          response.status, error ? error.column : undefined);
      }
      if (body === null) throw new ApiError('The server sent no JSON.', response.status);
      return body;
    });
  });
}

// An error in words: the server's own (`{"error": {"message", "column"}}`), or why there is none.
export function errorText(error) {
  if (!(error instanceof ApiError)) return 'The server cannot be reached.';
  return error.column && error.message.indexOf('column') < 0 ? error.message + ' (column ' + error.column + ')' : error.message;
}

var documentsPromise = null;

// What the knowledge base holds (`{documents, kinds, events, years, languages}`), asked
// once, for the filters and the document list.
export function loadDocuments() {
  if (!documentsPromise) {
    documentsPromise = api('/api/documents').catch(function (error) {
      documentsPromise = null;
      throw error;
    });
  }
  return documentsPromise;
}
