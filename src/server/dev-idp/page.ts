const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

export interface LoginPageOptions {
  action: string;
  clientName: string;
  error?: string;
  values?: { email?: string; name?: string };
}

/** The development provider's sign-in page: plain server-rendered HTML, every value escaped. */
export function renderLoginPage(opts: LoginPageOptions): string {
  const email = escapeHtml(opts.values?.email ?? '');
  const name = escapeHtml(opts.values?.name ?? '');
  const error = opts.error ? `<p class="error" role="alert">${escapeHtml(opts.error)}</p>` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development sign-in</title>
<link rel="stylesheet" href="/dev-idp/assets/login.css">
</head>
<body>
<main>
<h1>Development sign-in</h1>
<p class="note">This stands in for the university's Google sign-in while developing and testing
<strong>${escapeHtml(opts.clientName)}</strong>. It signs you in as whoever you type, so it never runs in production.</p>
${error}
<form method="post" action="${escapeHtml(opts.action)}" novalidate>
<label for="email">Email</label>
<input id="email" name="email" type="text" inputmode="email" autocomplete="username" value="${email}" required autofocus>
<label for="name">Display name</label>
<input id="name" name="name" type="text" autocomplete="name" value="${name}" placeholder="Aarav Sharma 21BCE10001">
<details>
<summary>More claims</summary>
<label class="check"><input id="emailVerified" name="emailVerified" type="checkbox" value="true" checked> Address verified by the provider</label>
<label for="hd">Hosted domain (hd)</label>
<input id="hd" name="hd" type="text" placeholder="left out when empty">
</details>
<button type="submit">Sign in</button>
</form>
</main>
</body>
</html>`;
}

export const loginPageCss = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,sans-serif;background:#f1f5f9;color:#0f172a}
main{max-width:26rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:.75rem;box-shadow:0 1px 3px #0002}
h1{font-size:1.4rem;margin:0 0 .5rem}
.note{font-size:.9rem;color:#475569;background:#fef9c3;padding:.6rem;border-radius:.4rem}
label{display:block;font-weight:600;margin:.9rem 0 .3rem}
input[type=text]{width:100%;padding:.6rem;border:1px solid #64748b;border-radius:.4rem;font-size:1rem}
input:focus,button:focus,summary:focus{outline:3px solid #2563eb;outline-offset:2px}
details{margin-top:1rem}summary{cursor:pointer;color:#1e3a8a}
.check{font-weight:400}
button{margin-top:1.2rem;width:100%;padding:.75rem;border:0;border-radius:.4rem;background:#1d4ed8;color:#fff;font-size:1rem;font-weight:600;cursor:pointer}
.error{color:#991b1b;background:#fee2e2;padding:.6rem;border-radius:.4rem}
`;
