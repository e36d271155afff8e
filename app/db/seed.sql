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

-- Demo flashcards: a small deck in a few categories for each demo account. Some were reviewed
-- before (FSRS state "review", two of them due now, one due in two days), the rest are new.
INSERT OR IGNORE INTO flashcards (id, user_id, question, answer, category, is_archived, source, client_key, is_new, due, stability, difficulty, scheduled_days, learning_steps, reps, lapses, state, last_review, last_review_id, version, created_at, updated_at)
VALUES
  ('5eed0000-0000-4000-8000-000000000101', 'demo-subscriber',
    'What is the first-line treatment for anaphylaxis?',
    'IM adrenaline 0.5 mg (0.5 mL of 1:1000) into the anterolateral thigh; repeat after 5 minutes if needed.',
    'Emergency Medicine', 0, 'manual', 'seed-101', 0,
    cast(unixepoch('subsecond') * 1000 as integer) - 86400000, 6.2, 5.1, 6, 0, 3, 0, 2,
    cast(unixepoch('subsecond') * 1000 as integer) - 7 * 86400000, NULL, 3,
    cast(unixepoch('subsecond') * 1000 as integer) - 20 * 86400000, cast(unixepoch('subsecond') * 1000 as integer) - 20 * 86400000),
  ('5eed0000-0000-4000-8000-000000000102', 'demo-subscriber',
    'Which ECG finding defines first-degree AV block?',
    'A PR interval longer than 200 ms (five small squares) with every P wave conducted.',
    'Cardiology', 0, 'manual', 'seed-102', 0,
    cast(unixepoch('subsecond') * 1000 as integer) - 3600000, 3.4, 6.0, 3, 0, 2, 0, 2,
    cast(unixepoch('subsecond') * 1000 as integer) - 4 * 86400000, NULL, 2,
    cast(unixepoch('subsecond') * 1000 as integer) - 19 * 86400000, cast(unixepoch('subsecond') * 1000 as integer) - 19 * 86400000),
  ('5eed0000-0000-4000-8000-000000000103', 'demo-subscriber',
    'Name the four components of Tetralogy of Fallot.',
    'Ventricular septal defect, overriding aorta, right ventricular outflow obstruction and right ventricular hypertrophy.',
    'Cardiology', 0, 'manual', 'seed-103', 0,
    cast(unixepoch('subsecond') * 1000 as integer) + 2 * 86400000, 9.8, 4.7, 9, 0, 4, 0, 2,
    cast(unixepoch('subsecond') * 1000 as integer) - 7 * 86400000, NULL, 4,
    cast(unixepoch('subsecond') * 1000 as integer) - 18 * 86400000, cast(unixepoch('subsecond') * 1000 as integer) - 18 * 86400000),
  ('5eed0000-0000-4000-8000-000000000104', 'demo-subscriber',
    'What is the mechanism of action of furosemide?',
    'It blocks the Na-K-2Cl cotransporter in the thick ascending limb of the loop of Henle.',
    'Pharmacology', 0, 'manual', 'seed-104', 1,
    cast(unixepoch('subsecond') * 1000 as integer) - 17 * 86400000, 0, 0, 0, 0, 0, 0, 0, NULL, NULL, 0,
    cast(unixepoch('subsecond') * 1000 as integer) - 17 * 86400000, cast(unixepoch('subsecond') * 1000 as integer) - 17 * 86400000),
  ('5eed0000-0000-4000-8000-000000000105', 'demo-subscriber',
    'Antidote for organophosphate poisoning?',
    'Atropine for the muscarinic effects, titrated to dry secretions; pralidoxime to reactivate acetylcholinesterase.',
    'Pharmacology', 0, 'manual', 'seed-105', 1,
    cast(unixepoch('subsecond') * 1000 as integer) - 16 * 86400000, 0, 0, 0, 0, 0, 0, 0, NULL, NULL, 0,
    cast(unixepoch('subsecond') * 1000 as integer) - 16 * 86400000, cast(unixepoch('subsecond') * 1000 as integer) - 16 * 86400000),
  ('5eed0000-0000-4000-8000-000000000106', 'demo-subscriber',
    'Normal range of serum potassium?',
    '3.5 to 5.0 mmol/L.',
    'Renal', 0, 'manual', 'seed-106', 1,
    cast(unixepoch('subsecond') * 1000 as integer) - 15 * 86400000, 0, 0, 0, 0, 0, 0, 0, NULL, NULL, 0,
    cast(unixepoch('subsecond') * 1000 as integer) - 15 * 86400000, cast(unixepoch('subsecond') * 1000 as integer) - 15 * 86400000),
  ('5eed0000-0000-4000-8000-000000000107', 'demo-subscriber',
    'Gram stain and shape of Neisseria meningitidis?',
    'Gram-negative diplococci (kidney-bean shaped pairs).',
    'Microbiology', 0, 'manual', 'seed-107', 1,
    cast(unixepoch('subsecond') * 1000 as integer) - 14 * 86400000, 0, 0, 0, 0, 0, 0, 0, NULL, NULL, 0,
    cast(unixepoch('subsecond') * 1000 as integer) - 14 * 86400000, cast(unixepoch('subsecond') * 1000 as integer) - 14 * 86400000),
  ('5eed0000-0000-4000-8000-000000000108', 'demo-subscriber',
    'Most common cause of community-acquired pneumonia?',
    'Streptococcus pneumoniae.',
    'Microbiology', 1, 'manual', 'seed-108', 1,
    cast(unixepoch('subsecond') * 1000 as integer) - 13 * 86400000, 0, 0, 0, 0, 0, 0, 0, NULL, NULL, 0,
    cast(unixepoch('subsecond') * 1000 as integer) - 13 * 86400000, cast(unixepoch('subsecond') * 1000 as integer) - 13 * 86400000),
  ('5eed0000-0000-4000-8000-000000000201', 'demo-learner',
    'What does the Glasgow Coma Scale score, and what is its range?',
    'Eye (1-4), verbal (1-5) and motor (1-6) responses; total 3 to 15.',
    'Neurology', 0, 'manual', 'seed-201', 0,
    cast(unixepoch('subsecond') * 1000 as integer) - 7200000, 4.1, 5.5, 4, 0, 2, 0, 2,
    cast(unixepoch('subsecond') * 1000 as integer) - 5 * 86400000, NULL, 2,
    cast(unixepoch('subsecond') * 1000 as integer) - 10 * 86400000, cast(unixepoch('subsecond') * 1000 as integer) - 10 * 86400000),
  ('5eed0000-0000-4000-8000-000000000202', 'demo-learner',
    'Which nerve is damaged in wrist drop?',
    'The radial nerve (for example in a mid-shaft humerus fracture).',
    'Anatomy', 0, 'manual', 'seed-202', 1,
    cast(unixepoch('subsecond') * 1000 as integer) - 9 * 86400000, 0, 0, 0, 0, 0, 0, 0, NULL, NULL, 0,
    cast(unixepoch('subsecond') * 1000 as integer) - 9 * 86400000, cast(unixepoch('subsecond') * 1000 as integer) - 9 * 86400000),
  ('5eed0000-0000-4000-8000-000000000203', 'demo-learner',
    'What is the normal adult respiratory rate?',
    '12 to 20 breaths per minute.',
    'Physiology', 0, 'manual', 'seed-203', 1,
    cast(unixepoch('subsecond') * 1000 as integer) - 8 * 86400000, 0, 0, 0, 0, 0, 0, 0, NULL, NULL, 0,
    cast(unixepoch('subsecond') * 1000 as integer) - 8 * 86400000, cast(unixepoch('subsecond') * 1000 as integer) - 8 * 86400000),
  ('5eed0000-0000-4000-8000-000000000204', 'demo-learner',
    'Which muscles make up the rotator cuff?',
    'Supraspinatus, infraspinatus, teres minor and subscapularis (SITS).',
    'Anatomy', 0, 'manual', 'seed-204', 1,
    cast(unixepoch('subsecond') * 1000 as integer) - 7 * 86400000, 0, 0, 0, 0, 0, 0, 0, NULL, NULL, 0,
    cast(unixepoch('subsecond') * 1000 as integer) - 7 * 86400000, cast(unixepoch('subsecond') * 1000 as integer) - 7 * 86400000);

-- The demo subscriber's answer history, so /progress has something to show from a fresh clone:
-- about 400 answers to real pool questions (two in five of the reviewed questions, picked by their
-- fixed `seq`), spread over the last eight weeks as timed practice tests, better in some subjects
-- than others and improving week by week, with some wrong answers tagged by mistake type. Each
-- answer's id comes from its question, so seeding again adds nothing; the rollups
-- (progress_topics, progress_days) follow by trigger.
WITH picked AS (
  SELECT id, subject, topic, seq, json_extract(body, '$.correctIndex') AS answer_key, seq % 56 AS days_ago,
    CASE subject
      WHEN 'Medicine' THEN 74 WHEN 'Surgery' THEN 66 WHEN 'Obstetrics & Gynaecology' THEN 61
      WHEN 'Pathology' THEN 58 WHEN 'Community Medicine' THEN 69 WHEN 'Anatomy' THEN 52
      WHEN 'Physiology' THEN 63 WHEN 'Biochemistry' THEN 44 WHEN 'Pharmacology' THEN 49
      WHEN 'Microbiology' THEN 56 WHEN 'Paediatrics' THEN 71 ELSE 60
    END AS base
  FROM bank_items
  WHERE kind = 'question' AND source = 'reviewed' AND seq % 5 < 2
),
answered AS (
  SELECT *,
    cast(unixepoch('subsecond') * 1000 as integer) - days_ago * 86400000 - (seq / 5) % 600 * 60000 AS at,
    (seq / 7) % 100 < base + (28 - days_ago) / 2 AS is_right
  FROM picked
)
INSERT OR IGNORE INTO answer_events (id, user_id, item_id, source, source_id, position, subject, topic, chosen, correct, seconds, mistake, day, answered_at)
SELECT 'practice:demo-' || id || ':0', 'demo-subscriber', id, 'practice', 'demo-' || id, 0, subject, topic,
  CASE WHEN is_right THEN answer_key ELSE (answer_key + 1 + seq % 3) % 4 END,
  is_right,
  25 + (seq / 3) % 70,
  CASE WHEN is_right OR (seq / 11) % 10 >= 6 THEN NULL
    ELSE CASE (seq / 13) % 4 WHEN 0 THEN 'didnt-know' WHEN 1 THEN 'misread' WHEN 2 THEN 'slip' ELSE 'guessed' END
  END,
  date(at / 1000, 'unixepoch', '+330 minutes'),
  at
FROM answered;

-- The demo learner (free trial) answered a couple of quizzes: their own figures for the
-- progress page's preview.
INSERT OR IGNORE INTO answer_events (id, user_id, item_id, source, source_id, position, subject, topic, chosen, correct, seconds, mistake, day, answered_at)
SELECT 'quiz:demo-' || id || ':0', 'demo-learner', id, 'quiz', 'demo-' || id, 0, subject, topic,
  CASE WHEN seq % 3 = 0 THEN (json_extract(body, '$.correctIndex') + 1) % 4 ELSE json_extract(body, '$.correctIndex') END,
  seq % 3 <> 0, NULL, NULL,
  date((cast(unixepoch('subsecond') * 1000 as integer) - (seq % 6) * 86400000) / 1000, 'unixepoch', '+330 minutes'),
  cast(unixepoch('subsecond') * 1000 as integer) - (seq % 6) * 86400000
FROM bank_items
WHERE kind = 'question' AND source = 'reviewed' AND seq % 40 = 0;

-- The demo subscriber's reviews of the three cards in review: the first grade of each, a later
-- one, and a lapse (Again) on the ECG card, so the retention figure has something to count.
INSERT OR IGNORE INTO flashcard_reviews (id, user_id, card_id, client_review_id, rating, state, due, stability, difficulty, elapsed_days, last_elapsed_days, scheduled_days, learning_steps, reviewed_at, desired_retention, next_state, next_due, next_scheduled_days, created_at)
VALUES
  ('seed-review-01', 'demo-subscriber', '5eed0000-0000-4000-8000-000000000101', 'seed-review-01', 3, 0,
    cast(unixepoch('subsecond') * 1000 as integer) - 18 * 86400000, 3.2, 5.1, 0, 0, 0, 0,
    cast(unixepoch('subsecond') * 1000 as integer) - 18 * 86400000, 0.9, 2,
    cast(unixepoch('subsecond') * 1000 as integer) - 12 * 86400000, 3, cast(unixepoch('subsecond') * 1000 as integer)),
  ('seed-review-02', 'demo-subscriber', '5eed0000-0000-4000-8000-000000000101', 'seed-review-02', 3, 2,
    cast(unixepoch('subsecond') * 1000 as integer) - 12 * 86400000, 6.2, 5.1, 6, 0, 3, 0,
    cast(unixepoch('subsecond') * 1000 as integer) - 7 * 86400000, 0.9, 2,
    cast(unixepoch('subsecond') * 1000 as integer) - 86400000, 6, cast(unixepoch('subsecond') * 1000 as integer)),
  ('seed-review-03', 'demo-subscriber', '5eed0000-0000-4000-8000-000000000102', 'seed-review-03', 3, 0,
    cast(unixepoch('subsecond') * 1000 as integer) - 19 * 86400000, 2.4, 6.0, 0, 0, 0, 0,
    cast(unixepoch('subsecond') * 1000 as integer) - 19 * 86400000, 0.9, 2,
    cast(unixepoch('subsecond') * 1000 as integer) - 15 * 86400000, 4, cast(unixepoch('subsecond') * 1000 as integer)),
  ('seed-review-04', 'demo-subscriber', '5eed0000-0000-4000-8000-000000000102', 'seed-review-04', 1, 2,
    cast(unixepoch('subsecond') * 1000 as integer) - 15 * 86400000, 4.0, 6.0, 6, 0, 4, 0,
    cast(unixepoch('subsecond') * 1000 as integer) - 9 * 86400000, 0.9, 3,
    cast(unixepoch('subsecond') * 1000 as integer) - 9 * 86400000 + 600000, 0, cast(unixepoch('subsecond') * 1000 as integer)),
  ('seed-review-05', 'demo-subscriber', '5eed0000-0000-4000-8000-000000000102', 'seed-review-05', 3, 3,
    cast(unixepoch('subsecond') * 1000 as integer) - 9 * 86400000 + 600000, 1.8, 6.4, 0, 6, 0, 1,
    cast(unixepoch('subsecond') * 1000 as integer) - 4 * 86400000, 0.9, 2,
    cast(unixepoch('subsecond') * 1000 as integer) - 3600000, 3, cast(unixepoch('subsecond') * 1000 as integer)),
  ('seed-review-06', 'demo-subscriber', '5eed0000-0000-4000-8000-000000000103', 'seed-review-06', 4, 0,
    cast(unixepoch('subsecond') * 1000 as integer) - 18 * 86400000, 5.0, 4.7, 0, 0, 0, 0,
    cast(unixepoch('subsecond') * 1000 as integer) - 18 * 86400000, 0.9, 2,
    cast(unixepoch('subsecond') * 1000 as integer) - 11 * 86400000, 7, cast(unixepoch('subsecond') * 1000 as integer)),
  ('seed-review-07', 'demo-subscriber', '5eed0000-0000-4000-8000-000000000103', 'seed-review-07', 3, 2,
    cast(unixepoch('subsecond') * 1000 as integer) - 11 * 86400000, 9.8, 4.7, 11, 0, 7, 0,
    cast(unixepoch('subsecond') * 1000 as integer) - 7 * 86400000, 0.9, 2,
    cast(unixepoch('subsecond') * 1000 as integer) + 2 * 86400000, 9, cast(unixepoch('subsecond') * 1000 as integer));
