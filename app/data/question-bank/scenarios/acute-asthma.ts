import type { BankScenario } from "../types";

const scenarios: BankScenario[] = [
  {
    id: "acute-asthma-01",
    topic: "Respiratory Medicine",
    condition: "Acute severe asthma",
    tags: [
      "respiratory medicine",
      "respiratory",
      "asthma",
      "acute asthma",
      "acute severe asthma",
      "status asthmaticus",
      "salbutamol",
      "ipratropium",
      "corticosteroids",
      "pef",
    ],
    case: {
      history:
        "A 24-year-old software engineer in Bengaluru with asthma since childhood, using only an as-needed salbutamol inhaler, presents with 12 hours of worsening breathlessness and wheeze that began after dusting the house. Her inhaler has given little relief.",
      examination:
        "Sitting upright, cannot complete sentences in one breath. Alert. Pulse 118/min, BP 124/76 mmHg, RR 28/min, SpO2 93% on room air. Widespread polyphonic expiratory wheeze; good air entry. No cyanosis.",
      results: "Peak expiratory flow 170 L/min (her best is 420 L/min, about 40%).",
    },
    question: "What is the most appropriate immediate treatment?",
    options: [
      "An IV aminophylline loading dose before any bronchodilator",
      "A chest X-ray first to exclude pneumothorax",
      "Oxygen titrated to her target saturation, repeated high-dose salbutamol by nebuliser or spacer with ipratropium, and a systemic corticosteroid",
      "Oral montelukast and discharge with an inhaled corticosteroid",
    ],
    correctIndex: 2,
    explanations: [
      "Aminophylline is not a first-line treatment; it adds little to inhaled beta-agonists and has a narrow therapeutic index with arrhythmias and seizures.",
      "A chest X-ray is needed only if pneumothorax, consolidation or life-threatening asthma is suspected or the response to treatment is poor; it must not delay bronchodilators.",
      "Correct. PEF 33–50% of best, RR ≥25/min, pulse ≥110/min and inability to complete sentences define acute severe asthma. Treat at once with oxygen if needed (GINA target 93–95% in adults), repeated high-dose inhaled salbutamol plus ipratropium, and prednisolone 40–50 mg orally (or IV hydrocortisone).",
      "Acute severe asthma needs hospital treatment and observation; montelukast has no role in the acute attack.",
    ],
    takeaway:
      "Acute severe asthma: oxygen, repeated high-dose short-acting beta-agonist with ipratropium, and systemic steroids straight away.",
    reference:
      "GINA Global Strategy for Asthma Management and Prevention; BTS/SIGN British guideline on the management of asthma (SIGN 158)",
    difficulty: "easy",
  },
  {
    id: "acute-asthma-02",
    topic: "Respiratory Medicine",
    condition: "Acute severe asthma",
    tags: [
      "respiratory medicine",
      "asthma",
      "acute asthma",
      "life-threatening asthma",
      "near-fatal asthma",
      "silent chest",
      "abg",
      "paco2",
      "severity assessment",
    ],
    case: {
      history:
        "A 32-year-old construction worker in Surat with poorly controlled asthma and a previous ICU admission is brought in after 2 days of worsening wheeze and breathlessness.",
      examination:
        "Exhausted, drowsy but rousable, speaking single words. Pulse 128/min, BP 112/70 mmHg, RR 30/min with feeble respiratory effort, SpO2 89% on room air. Very quiet breath sounds on both sides.",
      results:
        "PEF: too breathless to attempt. Arterial blood gas on room air: pH 7.38, PaCO2 42 mmHg (5.6 kPa), PaO2 55 mmHg (7.3 kPa).",
    },
    question: "How should the severity of this attack be classified?",
    options: [
      "Moderate acute asthma",
      "Acute severe asthma",
      "Near-fatal asthma",
      "Life-threatening asthma",
    ],
    correctIndex: 3,
    explanations: [
      "Moderate asthma means PEF above 50% of best without features of severe asthma; he has features well beyond this.",
      "He does have severe features, but a silent chest, SpO2 below 92%, PaO2 below 8 kPa, a normal PaCO2, exhaustion and drowsiness place him in the higher category.",
      "Near-fatal asthma requires a raised PaCO2 (above about 6 kPa or 45 mmHg) and/or the need for mechanical ventilation with raised inflation pressures; his PaCO2 is still normal.",
      "Correct. Any one of silent chest, SpO2 <92%, PaO2 <8 kPa, a 'normal' PaCO2 in a breathless asthmatic, poor respiratory effort, exhaustion or altered consciousness makes the attack life-threatening: treat maximally and involve the ICU team early.",
    ],
    takeaway:
      "In acute asthma a 'normal' PaCO2 is not reassuring: it signals tiring and life-threatening asthma; a raised PaCO2 means near-fatal asthma.",
    reference: "BTS/SIGN British guideline on the management of asthma (SIGN 158)",
    difficulty: "medium",
  },
  {
    id: "acute-asthma-03",
    topic: "Respiratory Medicine",
    condition: "Acute severe asthma",
    tags: [
      "respiratory medicine",
      "asthma",
      "acute severe asthma",
      "magnesium sulphate",
      "magnesium sulfate",
      "iv magnesium",
      "refractory asthma",
    ],
    case: {
      history:
        "A 28-year-old woman in Kochi with asthma presented an hour ago with acute severe asthma. Since arrival she has received oxygen, three back-to-back nebulisations of salbutamol 5 mg with ipratropium 0.5 mg, and IV hydrocortisone 100 mg.",
      examination:
        "Alert, not exhausted, still unable to complete sentences. Pulse 122/min, BP 118/72 mmHg, RR 28/min, SpO2 94% on oxygen 4 L/min. Widespread wheeze with fair air entry on both sides.",
      results:
        "PEF 38% of her best (35% on arrival). Arterial blood gas on oxygen: pH 7.44, PaCO2 32 mmHg, PaO2 88 mmHg. Chest X-ray: hyperinflation only; no pneumothorax or consolidation. K 3.6 mmol/L.",
    },
    question: "What is the most appropriate next step?",
    options: [
      "A single dose of IV magnesium sulphate 2 g infused over 20 minutes",
      "Empirical IV ceftriaxone for an infective trigger",
      "IV midazolam to settle her anxiety and tachypnoea",
      "Stop salbutamol because her heart rate has risen",
    ],
    correctIndex: 0,
    explanations: [
      "Correct. For acute severe asthma that has not responded well to initial inhaled bronchodilators and steroids, a single IV dose of magnesium sulphate (1.2–2 g over 20 minutes) relaxes bronchial smooth muscle and reduces admissions; continue nebulised salbutamol.",
      "Most asthma attacks are triggered by viruses; antibiotics are not indicated without evidence of bacterial infection such as pneumonia.",
      "Sedatives are contraindicated in acute asthma outside the setting of intubation because they depress respiratory drive and can precipitate arrest.",
      "Tachycardia in acute asthma is largely due to the attack and hypoxia; it usually improves as bronchospasm settles, and beta-agonists should continue.",
    ],
    takeaway:
      "Poor response to initial bronchodilators and steroids in acute severe asthma: give one dose of IV magnesium sulphate and keep nebulising.",
    reference:
      "BTS/SIGN British guideline on the management of asthma (SIGN 158); GINA Global Strategy for Asthma Management and Prevention",
    difficulty: "easy",
  },
  {
    id: "acute-asthma-04",
    topic: "Respiratory Medicine",
    condition: "Acute severe asthma",
    tags: [
      "respiratory medicine",
      "asthma",
      "acute severe asthma",
      "pregnancy",
      "asthma in pregnancy",
      "obstetrics",
      "corticosteroids",
      "fetal monitoring",
    ],
    case: {
      history:
        "A 27-year-old woman at 30 weeks of gestation in her second pregnancy, in Varanasi, has had asthma for years. She stopped her budesonide-formoterol inhaler when she learnt she was pregnant, fearing harm to the baby. She now has a day of wheeze and breathlessness after a viral cold.",
      examination:
        "Speaking in phrases. Pulse 116/min, BP 110/70 mmHg, RR 26/min, SpO2 93% on room air. Widespread wheeze. Fundal height 30 cm; fetal heart rate 150/min.",
      results: "PEF 45% of predicted. CTG: reassuring.",
    },
    question: "Which is the most appropriate approach to her management?",
    options: [
      "Avoid systemic corticosteroids because of fetal risk; give nebulised salbutamol alone",
      "Treat as for a non-pregnant adult: oxygen to keep SpO2 94–98%, nebulised salbutamol and ipratropium, and prednisolone or IV hydrocortisone, with fetal monitoring",
      "Deliver the baby urgently by caesarean section to relieve diaphragmatic splinting",
      "Give oral theophylline only, because beta-agonists cause fetal tachycardia",
    ],
    correctIndex: 1,
    explanations: [
      "The danger to the fetus comes from maternal hypoxia and uncontrolled asthma, not from steroids; prednisolone is extensively metabolised by the placenta and should not be withheld.",
      "Correct. Acute asthma in pregnancy is treated exactly as outside pregnancy, with oxygen to keep SpO2 94–98% (avoiding maternal and fetal hypoxia), bronchodilators and systemic steroids, plus continuous fetal monitoring; her controller inhaler should be restarted, as it is safe in pregnancy.",
      "Acute asthma is not an indication for delivery; the mother must be stabilised medically first.",
      "Theophylline is not a first-line acute treatment; inhaled beta-agonists are safe in pregnancy and their benefit far outweighs any transient fetal heart rate effect.",
    ],
    takeaway:
      "Acute asthma in pregnancy: treat as in non-pregnant adults (including steroids), keep SpO2 94–98%, monitor the fetus, and continue inhaled controllers.",
    reference:
      "BTS/SIGN British guideline on the management of asthma (SIGN 158); Williams Obstetrics",
    difficulty: "medium",
  },
  {
    id: "acute-asthma-05",
    topic: "Respiratory Medicine",
    condition: "Acute severe asthma",
    tags: [
      "respiratory medicine",
      "asthma",
      "near-fatal asthma",
      "life-threatening asthma",
      "intubation",
      "mechanical ventilation",
      "icu",
      "hypercapnia",
      "respiratory failure",
    ],
    case: {
      history:
        "A 35-year-old man in Guwahati with life-threatening asthma has been treated in the emergency department for 90 minutes with oxygen, repeated nebulised salbutamol and ipratropium, IV hydrocortisone 100 mg and IV magnesium sulphate 2 g.",
      examination:
        "Increasingly drowsy, responding only to voice, with weak respiratory effort and an almost silent chest. Pulse 136/min, BP 100/64 mmHg, RR 10/min (was 30/min), SpO2 88% on a 15 L/min non-rebreather mask.",
      results:
        "Repeat arterial blood gas: pH 7.18, PaCO2 66 mmHg (44 mmHg an hour ago), PaO2 58 mmHg.",
    },
    question: "What is the most appropriate next step?",
    options: [
      "Start bilevel non-invasive ventilation on the ward and repeat the blood gas in 2 hours",
      "Give IV diazepam to reduce his respiratory distress",
      "Continue nebulisers and repeat the IV magnesium dose",
      "Rapid sequence intubation by an experienced clinician and mechanical ventilation in the ICU",
    ],
    correctIndex: 3,
    explanations: [
      "NIV has no established role in acute asthma, and a drowsy patient with a rising PaCO2 and falling respiratory rate is a contraindication; this is a delay to definitive care.",
      "Sedation without airway control in acute asthma can precipitate respiratory arrest.",
      "He is already on maximal medical therapy and is deteriorating; more of the same does not address imminent respiratory arrest.",
      "Correct. A rising PaCO2 with acidosis, drowsiness, exhaustion and a falling respiratory rate mark near-fatal asthma; he needs intubation (ketamine is a useful induction agent) and ventilation with a low rate and long expiratory time to avoid air trapping, accepting some hypercapnia.",
    ],
    takeaway:
      "Acute asthma with rising PaCO2, drowsiness or exhaustion despite maximal therapy: intubate and ventilate in ICU; do not sedate, do not rely on NIV.",
    reference:
      "BTS/SIGN British guideline on the management of asthma (SIGN 158); Oxford Handbook of Clinical Medicine",
    difficulty: "medium",
  },
];

export default scenarios;
