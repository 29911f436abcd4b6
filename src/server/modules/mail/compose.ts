import MailComposer from 'nodemailer/lib/mail-composer';
import type Mail from 'nodemailer/lib/mailer';
import type MimeNode from 'nodemailer/lib/mime-node';
import { encode as base64Encode, wrap as base64Wrap } from 'nodemailer/lib/base64';
import { encode as qpEncode, wrap as qpWrap } from 'nodemailer/lib/qp';

/** RFC 2045's line limit for encoded bodies, nodemailer's default for both encoders. */
const LINE_LENGTH = 76;

/**
 * The whole message, as nodemailer would write it, in one synchronous pass. nodemailer builds the
 * MIME tree (headers, addresses, encoded words, which transfer encoding each part takes); only its
 * writer is replaced: that one streams each part through a chain of transforms and a pipeline,
 * with a turn of the event loop between parts, and cost more than half of the dispatcher's CPU per
 * mail. Our mails are a few kilobytes of text and HTML, with no attachment to stream from disk or
 * network, so writing them as one string loses nothing. Only string content is supported: anything
 * else is refused rather than silently written wrong.
 */
export function composeMessage(mail: Mail.Options): string {
  const message = writeNode(new MailComposer(mail).compile());
  // As nodemailer's writer does: the message ends with a line break.
  return message.endsWith('\n') ? message : message.endsWith('\r') ? `${message}\n` : `${message}\r\n`;
}

function writeNode(node: MimeNode): string {
  // buildHeaders also settles the node's transfer encoding and, for a multipart node, its boundary.
  let out = `${node.buildHeaders()}\r\n\r\n`;
  const content = node.content;
  if (typeof content === 'string') {
    const encoding = node.getTransferEncoding();
    if (encoding === 'quoted-printable') out += qpWrap(qpEncode(content), LINE_LENGTH);
    else if (encoding === 'base64') out += base64Wrap(base64Encode(content), LINE_LENGTH);
    else out += content;
  } else if (content !== undefined) {
    throw new Error('composeMessage writes text content only');
  }
  if (node.multipart) {
    node.childNodes.forEach((child, i) => {
      out += `${i > 0 ? '\r\n' : ''}--${String(node.boundary)}\r\n${writeNode(child)}`;
    });
    out += `\r\n--${String(node.boundary)}--\r\n`;
  }
  return out;
}
