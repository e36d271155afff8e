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

-- A verified demo learner (no plan or trial yet). `npm start` prints these credentials:
--   demo.learner@medmentor.in / DemoLearner1
-- The hash is app/models/password.server.ts's format (PBKDF2-SHA256, 6 × 100,000, no pepper).
INSERT OR IGNORE INTO users (id, role, first_name, last_name, email, medical_school, year, password_hash, email_verified_at, created_at, updated_at)
VALUES (
  'demo-learner',
  'learner',
  'Demo',
  'Learner',
  'demo.learner@medmentor.in',
  'All India Institute of Medical Sciences, New Delhi',
  '3rd Year',
  '$pbkdf2-sha256$v=1$i=100000,r=6,k=0$wRsQ66hYjke2B5ALI8a6Qg$wULJhJotfv2+8/FzV3i4QhSEFFMlPlP5dMOHRlwR/eA',
  cast(unixepoch('subsecond') * 1000 as integer),
  cast(unixepoch('subsecond') * 1000 as integer),
  cast(unixepoch('subsecond') * 1000 as integer)
);
