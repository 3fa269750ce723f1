/**
 * Outgoing mail through the SMTP server in `SMTP_URL` (nodemailer). Without it the server sends
 * nothing, and features that would mail say so instead.
 */
import nodemailer from 'nodemailer';
import { HttpError } from '../errors';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The same in HTML: sent as the alternative to the text part. */
  html?: string;
  /** Further header lines (a subscriber's mail names where to leave: subscriber-mail.ts). */
  headers?: Record<string, string>;
  /** Where a reply goes (the visitor who wrote a contact message). */
  replyTo?: string;
}

export interface Mailer {
  readonly configured: boolean;
  /** Sends `mail`; a 409 when no SMTP server is configured, a 502 when the server refused it. */
  send(mail: Mail): Promise<void>;
}

/** What a request that would send mail is told when the server sends none. */
export const mailOff = () => new HttpError(409, 'This server does not send mail: set SMTP_URL (and MAIL_FROM) to turn it on');

export function createMailer(smtpUrl: string | undefined, from: string): Mailer {
  if (!smtpUrl) {
    return {
      configured: false,
      send: async () => {
        throw mailOff();
      },
    };
  }
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    configured: true,
    async send(mail) {
      try {
        await transport.sendMail({ from, ...mail });
      } catch (error) {
        throw new HttpError(502, `The mail server did not take the message: ${(error as Error).message}`);
      }
    },
  };
}
