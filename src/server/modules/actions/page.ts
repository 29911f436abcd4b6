import { escapeHtml } from '../mail/index.js';

/** The small server-rendered pages behind the one-click links: no sign-in, no JavaScript. */
export function actionPage(opts: { title: string; paragraphs: string[]; form?: { action: string; button: string } }): string {
  const form = opts.form
    ? `<form method="post" action="${escapeHtml(opts.form.action)}"><button type="submit">${escapeHtml(opts.form.button)}</button></form>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(opts.title)} — Hostel Complaint Portal</title><link rel="stylesheet" href="/act/assets/page.css"></head>
<body><main><h1>${escapeHtml(opts.title)}</h1>${opts.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}${form}
<p class="small"><a href="/">Hostel Complaint Portal</a></p></main></body></html>`;
}

export const actionPageCss = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,sans-serif;background:#f1f5f9;color:#0f172a}
main{max-width:32rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:.75rem;box-shadow:0 1px 3px #0002}
h1{font-size:1.35rem;margin:0 0 .75rem}p{line-height:1.5}.small{font-size:.9rem;color:#475569}
button{margin-top:.5rem;width:100%;padding:.8rem;border:0;border-radius:.5rem;background:#1d4ed8;color:#fff;font-size:1rem;font-weight:600;cursor:pointer}
button:focus,a:focus{outline:3px solid #2563eb;outline-offset:2px}
`;
