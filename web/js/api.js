// api.js — the page's only way to the server: POST a JSON request to
// /api/<name> and get the record back, or an Error whose message is the
// server's own sentence (with its "where"); or POST a file (or a JSON
// request) and get a file back (fetchFile).

/* A 503 "busy" (the server's queue is a whole time budget deep): said as
 * such, with when to try again, never left spinning. */
async function busyError(res) {
  let data = null;
  try { data = await res.json(); } catch { /* not JSON */ }
  if (data && data.error && data.error.code === 'shutting_down')
    return Object.assign(new Error('The server is shutting down.'), { code: 'shutting_down' });
  const after = parseInt(res.headers.get('Retry-After') || '', 10);
  const when = after > 0 ? ` in ${after} s` : ' in a moment';
  return Object.assign(new Error(`The server is busy with other requests: try again${when}.`), { code: 'busy', retryAfter: after || 1 });
}

/** Posts body to /api/name. Resolves to the record; rejects with an Error (err.code, err.where). */
export async function call(name, body, signal) {
  let res;
  try {
    res = await fetch(`/api/${name}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal,
    });
  } catch (e) {
    if (e.name === 'AbortError') throw e;
    throw Object.assign(new Error('the server cannot be reached (is doku serve still running?)'), { code: 'offline' });
  }
  if (res.status === 503) throw await busyError(res);
  let data = null;
  try {
    data = await res.json();
  } catch {
    throw Object.assign(new Error(`the server answered ${res.status} without JSON`), { code: 'bad_reply' });
  }
  if (!res.ok) {
    const e = data && data.error ? data.error : { code: 'http', message: `HTTP ${res.status}` };
    throw Object.assign(new Error(e.message + (e.where ? ` (${e.where})` : '')), { code: e.code, where: e.where, bare: e.message });
  }
  return data;
}

/** The error a failed reply stands for: the server's sentence and its "where". */
async function replyError(res) {
  let e = null;
  try {
    const data = await res.json();
    e = data && data.error;
  } catch { /* not JSON */ }
  if (!e) e = { code: 'http', message: `the server answered ${res.status}` };
  return Object.assign(new Error(e.message + (e.where ? ` (${e.where})` : '')),
    { code: e.code, where: e.where, bare: e.message, status: res.status });
}

/**
 * Posts to /api/name and resolves to the reply as a file: { blob, filename,
 * headers }. body is an object (sent as JSON) or a Blob/File (sent as it
 * is, with query the query string's fields). Rejects as call() does.
 */
export async function fetchFile(name, body, { query = null, signal } = {}) {
  const raw = body instanceof Blob;
  const url = `/api/${name}` + (query ? '?' + new URLSearchParams(query).toString() : '');
  let res;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': raw ? 'application/octet-stream' : 'application/json' },
      body: raw ? body : JSON.stringify(body),
      signal,
    });
  } catch (e) {
    if (e.name === 'AbortError') throw e;
    throw Object.assign(new Error('the server cannot be reached (is doku serve still running?)'), { code: 'offline' });
  }
  if (res.status === 503) throw await busyError(res);
  if (!res.ok) throw await replyError(res);
  const cd = res.headers.get('Content-Disposition') || '';
  const m = /filename="([^"]+)"/.exec(cd);
  return { blob: await res.blob(), filename: m ? m[1] : name, headers: res.headers };
}
