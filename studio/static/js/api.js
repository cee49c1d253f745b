// JSON calls to the studio's API. URLs are relative to the page, which lives
// under the per-launch secret (/s/<secret>/), so the secret never has to be
// handled here.

export class ApiError extends Error {
  constructor(message, data) {
    super(message);
    this.data = data || {};
  }
}

async function answer(r) {
  let data = {};
  try {
    data = await r.json();
  } catch (e) {
    throw new ApiError(`${r.status} ${r.statusText}: the studio sent no JSON`);
  }
  if (!r.ok) throw new ApiError(data.error || `${r.status} ${r.statusText}`, data);
  return data;
}

// The project's info, asked for by index.html as the page began to load.
export async function getInfo() {
  const boot = window.studioInfo;
  window.studioInfo = null;
  if (!boot) return get("api/info");
  const r = await boot;
  if (!r.ok) throw new ApiError(r.data.error || `${r.status} ${r.statusText}`, r.data);
  return r.data;
}

export async function get(path) {
  const early = window.studioPrefetch && window.studioPrefetch[path]; // asked by index.html while modules loaded
  if (early) {
    delete window.studioPrefetch[path];
    return answer(await early);
  }
  return answer(await fetch(path, { headers: { Accept: "application/json" } }));
}

export async function post(path, body) {
  return answer(await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body || {}),
  }));
}

export async function upload(name, file) {
  return answer(await fetch(`api/upload?name=${encodeURIComponent(name)}`, {
    method: "POST",
    headers: { "Content-Type": "application/octet-stream" },
    body: file,
  }));
}

export function imageUrl(name) {
  return `api/image/${name.split("/").map(encodeURIComponent).join("/")}`;
}

// Status line at the bottom of the page.
export function status(text, kind = "") {
  const el = document.getElementById("status");
  el.textContent = text;
  el.className = kind;
}

export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null && v !== false) e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}
