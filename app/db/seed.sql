-- Demo content for local runs (`npm start`, `npm run dev`, browser tests).
-- Idempotent: every row has a fixed id and is inserted only if missing.

INSERT OR IGNORE INTO outbox_messages (id, "to", reply_to, subject, text, html, created_at)
VALUES (
  'demo-welcome-mail',
  'you@localhost',
  NULL,
  'Welcome to the local mailbox',
  'Every e-mail MedMentor sends while no mail provider is configured lands here instead: contact-form messages, verification codes and password reset codes. Set MAIL_API_KEY in .dev.vars to deliver mail for real.',
  '<p>Every e-mail MedMentor sends while no mail provider is configured lands here instead: contact-form messages, verification codes and password reset codes.</p><p>Set <code>MAIL_API_KEY</code> in <code>.dev.vars</code> to deliver mail for real.</p>',
  cast(unixepoch('subsecond') * 1000 as integer)
);
