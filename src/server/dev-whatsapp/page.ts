import { DEV_WHATSAPP_PREFIX } from './prefix.js';

/*
 * The simulator's page (decision 70): a phone-sized chat, server-rendered like the development
 * sign-in's page, with its style and script as same-origin files so the portal's
 * Content-Security-Policy (script-src 'self', style-src 'self', nothing inline) holds here too.
 * Every value put into the HTML is escaped; the script builds the messages with textContent only.
 */

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

export interface ChatPageOptions {
  /** The student's number the chat is for. */
  number: string;
  /** Whether the address named it (else the page may take the one this browser used last). */
  numberGiven: boolean;
  /** What the message box starts with (the account page's link brings `LINK <code>`). */
  text: string;
  /** The portal's (simulated) business number. */
  business: string;
}

export function renderChatPage(opts: ChatPageOptions): string {
  const number = escapeHtml(opts.number);
  const business = escapeHtml(opts.business);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development WhatsApp</title>
<link rel="stylesheet" href="${DEV_WHATSAPP_PREFIX}/assets/chat.css">
<script src="${DEV_WHATSAPP_PREFIX}/assets/chat.js" defer></script>
</head>
<body>
<main id="phone" data-number="${number}" data-number-given="${opts.numberGiven ? 'true' : 'false'}" data-business="${business}">
<header>
<h1>Development WhatsApp</h1>
<p class="note">A development tool: this page plays a student's phone against the portal's own webhook, so nothing goes to Meta. It never runs in production.</p>
<form id="who" method="get" action="${DEV_WHATSAPP_PREFIX}">
<label for="number">Your WhatsApp number</label>
<div class="row">
<input id="number" name="number" type="text" inputmode="numeric" autocomplete="off" value="${number}" pattern="[0-9]{5,20}" required aria-describedby="number-hint">
<button type="submit">Open chat</button>
</div>
<p id="number-hint" class="hint">Digits in international form. The portal's number is ${business}. <a href="/userInfo">Your account page</a></p>
</form>
</header>
<section id="log" role="log" aria-label="Chat with the portal" aria-busy="true" tabindex="0">
<p id="empty" class="empty">No messages yet. Send one below.</p>
<ol id="messages"></ol>
</section>
<form id="compose" novalidate>
<div id="quote" class="quote" hidden>
<p><span class="quote-label">Replying to:</span> <span id="quote-text"></span></p>
<button type="button" id="quote-cancel">Cancel reply</button>
</div>
<label for="message">Message</label>
<div class="row">
<textarea id="message" name="text" rows="2" maxlength="4096" autofocus>${escapeHtml(opts.text)}</textarea>
<button type="submit" id="send">Send</button>
</div>
<p id="problem" class="problem" role="alert"></p>
</form>
</main>
</body>
</html>`;
}

export const chatCss = `
*{box-sizing:border-box}
html,body{height:100%}
body{margin:0;font-family:system-ui,sans-serif;background:#d1d7db;color:#111b21}
main{display:flex;flex-direction:column;width:100%;max-width:390px;height:100vh;height:100dvh;max-height:844px;margin:0 auto;background:#efeae2}
header{background:#075e54;color:#fff;padding:.6rem .8rem}
h1{font-size:1.15rem;margin:0}
.note{font-size:.8rem;margin:.3rem 0;background:#fef9c3;color:#3f3f00;padding:.35rem .5rem;border-radius:.3rem}
label{display:block;font-weight:600;font-size:.85rem;margin:.3rem 0 .2rem}
.row{display:flex;gap:.4rem;align-items:stretch}
input,textarea{flex:1;min-width:0;padding:.45rem .55rem;border:1px solid #54656f;border-radius:.4rem;font:inherit;font-size:1rem;color:#111b21;background:#fff}
textarea{resize:none}
button{border:0;border-radius:.4rem;padding:.45rem .75rem;font:inherit;font-weight:600;cursor:pointer;background:#075e54;color:#fff}
button:disabled{opacity:.6;cursor:default}
header button{background:#fff;color:#075e54}
.hint{font-size:.75rem;margin:.3rem 0 0}
.hint a{color:#fff}
a{color:#0b5cad}
input:focus,textarea:focus,button:focus,summary:focus,a:focus,#log:focus{outline:3px solid #2563eb;outline-offset:2px}
#log{flex:1;overflow-y:auto;padding:.6rem .6rem .2rem}
.empty{text-align:center;font-size:.85rem;color:#3b4a54}
ol{list-style:none;margin:0;padding:0}
.msg{max-width:85%;margin:0 0 .5rem;padding:.4rem .55rem .3rem;border-radius:.5rem;background:#fff;box-shadow:0 1px 1px #0002;overflow-wrap:anywhere}
.msg.me{margin-left:auto;background:#d9fdd3}
.who{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.text{margin:0;white-space:pre-wrap}
.label{margin:0 0 .2rem;font-size:.75rem;font-weight:600;color:#3b4a54}
.quoted{margin:0 0 .3rem;padding:.25rem .4rem;border-left:3px solid #075e54;background:#0000000d;font-size:.8rem;color:#3b4a54;white-space:pre-wrap;max-height:4.5em;overflow:hidden}
.meta{display:flex;justify-content:flex-end;align-items:center;gap:.5rem;margin:.2rem 0 0;font-size:.72rem;color:#3b4a54}
.meta button{padding:.1rem .4rem;background:transparent;color:#0b5cad;font-weight:600;text-decoration:underline}
.choices{display:flex;flex-direction:column;gap:.3rem;margin-top:.4rem}
.choices button,.rows button{width:100%;background:#fff;color:#075e54;border:1px solid #075e54;text-align:center}
details{margin-top:.4rem}
summary{cursor:pointer;text-align:center;font-weight:600;color:#075e54;padding:.3rem;border:1px solid #075e54;border-radius:.4rem}
.rows{list-style:none;margin:.3rem 0 0;padding:0;display:flex;flex-direction:column;gap:.3rem}
.rows button{text-align:left}
.rows .desc{display:block;font-weight:400;font-size:.8rem;color:#3b4a54}
#compose{padding:.5rem .6rem .6rem;background:#f0f2f5;border-top:1px solid #d1d7db}
.quote{display:flex;gap:.4rem;align-items:center;justify-content:space-between;background:#fff;border-left:3px solid #075e54;padding:.3rem .4rem;border-radius:.3rem}
.quote p{margin:0;font-size:.8rem;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.quote[hidden]{display:none}
.quote button{padding:.2rem .4rem;font-size:.8rem}
.quote-label{font-weight:600}
.problem{margin:.3rem 0 0;font-size:.85rem;color:#991b1b}
.problem:empty{display:none}
`;

/*
 * The page's script: plain JavaScript for the browser, kept here as text because the server build
 * compiles only TypeScript (scripts/build-server.mjs). It reads the chat every 1.5 seconds and adds
 * the messages it has not shown yet (so the log announces only new ones), and sends what is typed
 * or tapped to /dev-whatsapp/send.
 */
export const chatScript = `'use strict';
(function () {
  var PREFIX = ${JSON.stringify(DEV_WHATSAPP_PREFIX)};
  var STORE_KEY = 'dev-whatsapp-number';
  var POLL_MS = 1500;
  var phone = document.getElementById('phone');
  var log = document.getElementById('log');
  var list = document.getElementById('messages');
  var empty = document.getElementById('empty');
  var compose = document.getElementById('compose');
  var box = document.getElementById('message');
  var send = document.getElementById('send');
  var problem = document.getElementById('problem');
  var quote = document.getElementById('quote');
  var quoteText = document.getElementById('quote-text');
  var numberForm = document.getElementById('who');
  var numberInput = document.getElementById('number');
  var number = phone.dataset.number;
  var shown = new Set();
  var quoting = null;
  var busy = false;

  // The number this browser used last, when the address names none (the account page's link does not).
  try {
    var stored = window.localStorage.getItem(STORE_KEY);
    if (phone.dataset.numberGiven !== 'true' && stored && /^[0-9]{5,20}$/.test(stored)) number = stored;
    window.localStorage.setItem(STORE_KEY, number);
  } catch (e) {
    // Storage may be off: the address keeps the number instead.
  }
  numberInput.value = number;
  // The address keeps the number (and drops the link's text, so a reload does not type it again).
  window.history.replaceState(null, '', PREFIX + '?number=' + encodeURIComponent(number));
  numberForm.addEventListener('submit', function () {
    try {
      window.localStorage.setItem(STORE_KEY, numberInput.value.replace(/[^0-9]/g, ''));
    } catch (e) {
      // As above.
    }
  });

  function time(iso) {
    return new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  }

  /** Text with its web addresses as links (the portal sends links to complaints). */
  function appendText(parent, text) {
    var parts = text.split(/(https?:\\/\\/[^\\s]+)/);
    for (var i = 0; i < parts.length; i++) {
      if (!parts[i]) continue;
      if (i % 2 === 1) {
        // A sentence's full stop or comma after an address is not part of it.
        var url = parts[i].replace(/[.,;:!?)]+$/, '');
        var a = document.createElement('a');
        a.href = url;
        a.textContent = url;
        a.target = '_blank';
        a.rel = 'noopener';
        parent.appendChild(a);
        if (url.length < parts[i].length) parent.appendChild(document.createTextNode(parts[i].slice(url.length)));
      } else parent.appendChild(document.createTextNode(parts[i]));
    }
  }

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function choiceButton(message, option, withDescription) {
    var button = el('button', 'choice');
    button.type = 'button';
    if (withDescription && option.description) {
      button.appendChild(el('span', 'title', option.title));
      button.appendChild(el('span', 'desc', option.description));
    } else button.textContent = option.title;
    button.addEventListener('click', function () {
      post({ number: number, choose: { message: message.id, option: option.id } });
    });
    return button;
  }

  function render(message) {
    var item = el('li', 'msg ' + (message.from === 'me' ? 'me' : 'portal'));
    item.dataset.id = message.id;
    var textId = 'text-' + shown.size;
    item.appendChild(el('p', 'who', message.from === 'me' ? 'You:' : 'The portal:'));
    if (message.context) item.appendChild(el('p', 'quoted', message.context.text));
    if (message.template) item.appendChild(el('p', 'label', 'Template ' + message.template.name + ' (' + message.template.language + ')'));
    var text = el('p', 'text');
    text.id = textId;
    appendText(text, message.text);
    item.appendChild(text);
    if (message.buttons) {
      var group = el('div', 'choices');
      group.setAttribute('role', 'group');
      group.setAttribute('aria-labelledby', textId);
      message.buttons.forEach(function (b) { group.appendChild(choiceButton(message, b, false)); });
      item.appendChild(group);
    }
    if (message.list) {
      var details = el('details');
      details.appendChild(el('summary', '', message.list.button));
      var rows = el('ul', 'rows');
      message.list.rows.forEach(function (row) {
        var li = el('li');
        li.appendChild(choiceButton(message, row, true));
        rows.appendChild(li);
      });
      details.appendChild(rows);
      item.appendChild(details);
    }
    var meta = el('p', 'meta');
    var at = el('time', '', time(message.at));
    at.dateTime = message.at;
    meta.appendChild(at);
    if (message.from === 'portal') {
      var reply = el('button', '', 'Reply');
      reply.type = 'button';
      reply.setAttribute('aria-describedby', textId);
      reply.addEventListener('click', function () {
        quoting = message;
        quoteText.textContent = message.text;
        quote.hidden = false;
        box.focus();
      });
      meta.appendChild(reply);
    }
    item.appendChild(meta);
    return item;
  }

  function add(messages) {
    var atBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 80;
    var added = false;
    messages.forEach(function (message) {
      if (shown.has(message.id)) return;
      list.appendChild(render(message));
      shown.add(message.id);
      added = true;
    });
    empty.hidden = shown.size > 0;
    if (added && atBottom) log.scrollTop = log.scrollHeight;
  }

  function clearQuote() {
    quoting = null;
    quote.hidden = true;
    quoteText.textContent = '';
  }
  document.getElementById('quote-cancel').addEventListener('click', function () {
    clearQuote();
    box.focus();
  });

  var timer = null;
  async function poll() {
    window.clearTimeout(timer);
    try {
      var response = await fetch(PREFIX + '/chat?number=' + encodeURIComponent(number), { cache: 'no-store' });
      if (response.ok) {
        add((await response.json()).messages);
        log.setAttribute('aria-busy', 'false');
      }
    } catch (e) {
      // The portal is restarting: the next read tries again.
    }
    timer = window.setTimeout(poll, POLL_MS);
  }

  async function post(body) {
    if (busy) return false;
    busy = true;
    send.disabled = true;
    problem.textContent = '';
    try {
      var response = await fetch(PREFIX + '/send', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      var answer = await response.json().catch(function () { return null; });
      if (!response.ok) {
        problem.textContent = (answer && answer.error && answer.error.message) || 'The message was not sent (' + response.status + ').';
        return false;
      }
      add([answer.message]);
      log.scrollTop = log.scrollHeight;
      // The portal answers within a moment: read again soon rather than at the next turn.
      window.setTimeout(poll, 300);
      return true;
    } catch (e) {
      problem.textContent = 'The portal cannot be reached. Is it running?';
      return false;
    } finally {
      busy = false;
      send.disabled = false;
    }
  }

  compose.addEventListener('submit', async function (event) {
    event.preventDefault();
    var text = box.value.trim();
    if (!text) {
      problem.textContent = 'Type a message to send.';
      box.focus();
      return;
    }
    var body = { number: number, text: text };
    if (quoting) body.context = quoting.id;
    if (await post(body)) {
      box.value = '';
      clearQuote();
      box.focus();
    }
  });
  box.addEventListener('keydown', function (event) {
    // Enter sends, as in WhatsApp on a computer; Shift+Enter is a new line.
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      compose.requestSubmit();
    }
  });

  poll();
})();
`;
