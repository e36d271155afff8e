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

-- A verified demo learner on the free trial. `npm start` prints these credentials:
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

-- The demo learner's free trial (it starts when the e-mail is verified): 30 days from the first seed.
INSERT OR IGNORE INTO trials (user_id, started_at, ends_at)
VALUES (
  'demo-learner',
  cast(unixepoch('subsecond') * 1000 as integer),
  cast(unixepoch('subsecond') * 1000 as integer) + 30 * 86400000
);

-- A demo subscriber on Plus (same password), paid through the offline test checkout:
--   demo.subscriber@medmentor.in / DemoLearner1
INSERT OR IGNORE INTO users (id, role, first_name, last_name, email, medical_school, year, password_hash, email_verified_at, created_at, updated_at)
VALUES (
  'demo-subscriber',
  'learner',
  'Ananya',
  'Iyer',
  'demo.subscriber@medmentor.in',
  'Christian Medical College, Vellore',
  'Intern',
  '$pbkdf2-sha256$v=1$i=100000,r=6,k=0$wRsQ66hYjke2B5ALI8a6Qg$wULJhJotfv2+8/FzV3i4QhSEFFMlPlP5dMOHRlwR/eA',
  cast(unixepoch('subsecond') * 1000 as integer),
  cast(unixepoch('subsecond') * 1000 as integer),
  cast(unixepoch('subsecond') * 1000 as integer)
);
INSERT OR IGNORE INTO payment_orders (id, user_id, plan_id, provider, provider_order_id, currency, original_paise, discount_paise, amount_paise, promo_code, status, payment_id, created_at, updated_at, paid_at)
VALUES (
  'demo-subscriber-order',
  'demo-subscriber',
  'plus',
  'offline',
  'order_DemoSubscriber01',
  'INR',
  249900,
  0,
  249900,
  NULL,
  'paid',
  'pay_DemoSubscriber01',
  cast(unixepoch('subsecond') * 1000 as integer),
  cast(unixepoch('subsecond') * 1000 as integer),
  cast(unixepoch('subsecond') * 1000 as integer)
);
INSERT OR IGNORE INTO subscriptions (id, user_id, plan_id, order_id, payment_id, starts_at, ends_at, created_at)
VALUES (
  'demo-subscriber-plus',
  'demo-subscriber',
  'plus',
  'demo-subscriber-order',
  'pay_DemoSubscriber01',
  cast(unixepoch('subsecond') * 1000 as integer),
  unixepoch('now', '+6 months') * 1000,
  cast(unixepoch('subsecond') * 1000 as integer)
);

-- A demo administrator (same password) for the hidden dashboard at /admin_dashboard_2025:
--   demo.admin@medmentor.in / DemoLearner1 (its username at the admin login is the e-mail)
INSERT OR IGNORE INTO users (id, role, first_name, last_name, email, medical_school, year, password_hash, email_verified_at, created_at, updated_at)
VALUES (
  'demo-admin',
  'admin',
  'Demo',
  'Admin',
  'demo.admin@medmentor.in',
  NULL,
  NULL,
  '$pbkdf2-sha256$v=1$i=100000,r=6,k=0$wRsQ66hYjke2B5ALI8a6Qg$wULJhJotfv2+8/FzV3i4QhSEFFMlPlP5dMOHRlwR/eA',
  cast(unixepoch('subsecond') * 1000 as integer),
  cast(unixepoch('subsecond') * 1000 as integer),
  cast(unixepoch('subsecond') * 1000 as integer)
);

-- Demo promo codes, one per discount tier, 1,000 uses each, no expiry.
INSERT OR IGNORE INTO promo_codes (code, discount_basis_points, description, is_active, expires_at, max_uses, batch_id, created_by, created_at, updated_at)
VALUES
  ('WELCOME10', 1000, '10% discount on all plans', 1, NULL, 1000, 'demo', 'seed', cast(unixepoch('subsecond') * 1000 as integer), cast(unixepoch('subsecond') * 1000 as integer)),
  ('STUDENT20', 2000, '20% discount on all plans', 1, NULL, 1000, 'demo', 'seed', cast(unixepoch('subsecond') * 1000 as integer), cast(unixepoch('subsecond') * 1000 as integer)),
  ('EXAMPREP30', 3000, '30% discount on all plans', 1, NULL, 1000, 'demo', 'seed', cast(unixepoch('subsecond') * 1000 as integer), cast(unixepoch('subsecond') * 1000 as integer)),
  ('RESIDENT40', 4000, '40% discount on all plans', 1, NULL, 1000, 'demo', 'seed', cast(unixepoch('subsecond') * 1000 as integer), cast(unixepoch('subsecond') * 1000 as integer)),
  ('ALMOSTFREE', 9997, '99.97% discount on all plans', 1, NULL, 1000, 'demo', 'seed', cast(unixepoch('subsecond') * 1000 as integer), cast(unixepoch('subsecond') * 1000 as integer));

-- Two saved conversations for the demo subscriber, so chat history has something to find.
INSERT OR IGNORE INTO chat_sessions (id, user_id, function, title, title_edited, message_count, created_at, last_activity)
VALUES
  ('chat_1763700000000_demoorth01', 'demo-subscriber', 'studyHelp', 'Orthopnoea vs PND in heart failure', 0, 2,
    cast(unixepoch('subsecond') * 1000 as integer) - 86400000, cast(unixepoch('subsecond') * 1000 as integer) - 86400000),
  ('chat_1763700000000_demoplan02', 'demo-subscriber', 'studySchedule', 'Six-week NEET PG revision plan', 1, 2,
    cast(unixepoch('subsecond') * 1000 as integer) - 3 * 86400000, cast(unixepoch('subsecond') * 1000 as integer) - 3 * 86400000);

INSERT OR IGNORE INTO chat_messages (id, session_id, user_id, type, text, status, client_key, created_at)
VALUES
  (1, 'chat_1763700000000_demoorth01', 'demo-subscriber', 'user',
    'Orthopnoea vs PND in heart failure: I keep mixing them up.', 'complete', NULL,
    cast(unixepoch('subsecond') * 1000 as integer) - 86400000),
  (2, 'chat_1763700000000_demoorth01', 'demo-subscriber', 'bot',
    'They share one mechanism at two speeds.' || char(10) || char(10) ||
    '- **Orthopnoea**: lying flat returns blood from the legs and abdomen to the chest; a failing left ventricle cannot pump it forward, pulmonary venous pressure rises within minutes. Sitting up relieves it quickly.' || char(10) ||
    '- **PND**: oedema fluid from the legs is reabsorbed over hours of sleep, so the patient wakes 1-2 hours later gasping, and it settles slowly.' || char(10) || char(10) ||
    'At the bedside, ask how many pillows they sleep on and whether that has changed. *For education only, not medical advice.*',
    'complete', NULL, cast(unixepoch('subsecond') * 1000 as integer) - 86400000 + 1000),
  (3, 'chat_1763700000000_demoplan02', 'demo-subscriber', 'user',
    'Make me a six-week NEET PG revision plan, 6 hours a day.', 'complete', NULL,
    cast(unixepoch('subsecond') * 1000 as integer) - 3 * 86400000),
  (4, 'chat_1763700000000_demoplan02', 'demo-subscriber', 'bot',
    '| Week | Focus | Daily split |' || char(10) || '|---|---|---|' || char(10) ||
    '| 1-2 | Medicine, Surgery, OBG (high yield) | 4 h theory, 2 h MCQs |' || char(10) ||
    '| 3-4 | Paediatrics, PSM, Pharmacology, Pathology | 4 h theory, 2 h MCQs |' || char(10) ||
    '| 5 | Short subjects (ENT, Ophthalmology, Dermatology, Psychiatry, Orthopaedics) | 3 h theory, 3 h MCQs |' || char(10) ||
    '| 6 | Two grand tests, review of every wrong answer | 6 h |' || char(10) || char(10) ||
    'Keep Sundays for a timed mock and revision of your error notebook. Check the exam date on the official NBEMS notice.',
    'complete', NULL, cast(unixepoch('subsecond') * 1000 as integer) - 3 * 86400000 + 1000);
