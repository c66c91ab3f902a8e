// api.js — the page's only way to the server: POST a JSON request to
// /api/<name> and get the record back, or an Error whose message is the
// server's own sentence (with its "where").

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
  let data = null;
  try {
    data = await res.json();
  } catch {
    throw Object.assign(new Error(`the server answered ${res.status} without JSON`), { code: 'bad_reply' });
  }
  if (!res.ok) {
    const e = data && data.error ? data.error : { code: 'http', message: `HTTP ${res.status}` };
    throw Object.assign(new Error(e.message + (e.where ? ` (${e.where})` : '')), { code: e.code, where: e.where });
  }
  return data;
}
