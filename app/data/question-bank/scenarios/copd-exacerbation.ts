import type { BankScenario } from "../types";

const scenarios: BankScenario[] = [
  {
    id: "copd-exacerbation-01",
    topic: "Respiratory Medicine",
    condition: "COPD exacerbation",
    tags: [
      "respiratory medicine",
      "respiratory",
      "copd",
      "aecopd",
      "chronic obstructive pulmonary disease",
      "exacerbation",
      "oxygen",
      "oxygen targets",
      "controlled oxygen",
      "venturi mask",
      "hypercapnia",
    ],
    case: {
      history:
        "A 66-year-old retired mill worker in Kanpur who smoked bidis for 40 years and has known COPD (two hospital admissions last year) presents with 3 days of increasing breathlessness and more sputum after a cold.",
      examination:
        "Alert and oriented, using accessory muscles, speaking in phrases. Pulse 108/min, BP 138/84 mmHg, RR 26/min, temperature 37.6 °C, SpO2 82% on room air. Barrel-shaped chest, prolonged expiration, scattered wheeze. No ankle oedema.",
      results: "Arterial blood gas and chest X-ray are pending. Capillary glucose 130 mg/dL.",
    },
    question: "How should oxygen be given while the blood gas result is awaited?",
    options: [
      "Withhold oxygen until the arterial blood gas result is available",
      "A non-rebreather mask at 15 L/min, aiming for SpO2 98–100%",
      "Nasal cannula at 6 L/min, aiming for SpO2 94–98%",
      "Controlled oxygen by 24% or 28% Venturi mask, aiming for SpO2 88–92%, and a blood gas soon after",
    ],
    correctIndex: 3,
    explanations: [
      "Severe hypoxaemia (SpO2 82%) is dangerous in itself; oxygen must not be withheld while waiting for a blood gas.",
      "Uncontrolled high-concentration oxygen in COPD worsens V/Q mismatch and can cause hypercapnic acidosis and narcosis; it has been linked to higher mortality in exacerbations.",
      "94–98% is the target for patients not at risk of hypercapnic respiratory failure; in COPD it risks CO2 retention.",
      "Correct. In patients at risk of hypercapnia, give controlled oxygen by Venturi mask titrated to SpO2 88–92%, and check an arterial blood gas to look for hypercapnia and acidosis.",
    ],
    takeaway:
      "AECOPD: controlled oxygen (Venturi 24–28%) to SpO2 88–92%, never withheld, never uncontrolled; then check the blood gas.",
    reference:
      "BTS Guideline for oxygen use in adults in healthcare and emergency settings (2017); GOLD Report",
    difficulty: "easy",
  },
  {
    id: "copd-exacerbation-02",
    topic: "Respiratory Medicine",
    condition: "COPD exacerbation",
    tags: [
      "respiratory medicine",
      "copd",
      "aecopd",
      "niv",
      "non-invasive ventilation",
      "bipap",
      "type 2 respiratory failure",
      "hypercapnia",
      "respiratory acidosis",
      "abg",
    ],
    case: {
      history:
        "A 70-year-old man in Nagpur with severe COPD is admitted with an exacerbation. Over the past hour he has received nebulised salbutamol and ipratropium, oral prednisolone, and oxygen through a 28% Venturi mask.",
      examination:
        "Alert, obeys commands, coughing up sputum effectively, not vomiting. Pulse 110/min, BP 146/88 mmHg, RR 28/min with accessory muscle use, SpO2 89% on 28% oxygen.",
      results:
        "Arterial blood gas on 28% oxygen: pH 7.28, PaCO2 68 mmHg, PaO2 60 mmHg, bicarbonate 31 mmol/L. Chest X-ray: hyperinflation, no pneumothorax, no consolidation.",
    },
    question: "What is the most appropriate next step?",
    options: [
      "Start non-invasive ventilation (bilevel positive airway pressure)",
      "Increase the oxygen to 60% by Venturi mask to raise the PaO2",
      "Intubate and start invasive mechanical ventilation now",
      "Start IV aminophylline and repeat the blood gas in 6 hours",
    ],
    correctIndex: 0,
    explanations: [
      "Correct. Persistent respiratory acidosis (pH below 7.35 with a raised PaCO2) despite optimal medical treatment is the main indication for NIV in AECOPD; it lowers mortality and the need for intubation. He is alert and can protect his airway, so there is no contraindication.",
      "More oxygen will not treat ventilatory failure and is likely to push the PaCO2 higher and the pH lower.",
      "Intubation is reserved for those who fail or cannot tolerate NIV, or who have contraindications such as a reduced conscious level, inability to protect the airway, or haemodynamic instability.",
      "Methylxanthines are not recommended in exacerbations because of toxicity and little benefit, and waiting 6 hours with a pH of 7.28 is unsafe.",
    ],
    takeaway:
      "AECOPD with pH <7.35 and a raised PaCO2 despite medical treatment: start NIV, with a plan for intubation if it fails.",
    reference:
      "GOLD Report (Global Strategy for Prevention, Diagnosis and Management of COPD); BTS/ICS guideline for the ventilatory management of acute hypercapnic respiratory failure in adults (2016)",
    difficulty: "medium",
  },
  {
    id: "copd-exacerbation-03",
    topic: "Respiratory Medicine",
    condition: "COPD exacerbation",
    tags: [
      "respiratory medicine",
      "copd",
      "aecopd",
      "corticosteroids",
      "prednisolone",
      "antibiotics",
      "anthonisen criteria",
      "purulent sputum",
    ],
    case: {
      history:
        "A 61-year-old man from Ludhiana with COPD (FEV1 45% of predicted) on tiotropium presents with 4 days of increasing breathlessness, a larger volume of sputum, and sputum that has turned from white to green.",
      examination:
        "Alert. Temperature 37.8 °C, pulse 100/min, BP 130/80 mmHg, RR 22/min, SpO2 91% on room air. Scattered wheeze; no focal crackles or bronchial breathing.",
      results:
        "Arterial blood gas on room air: pH 7.38, PaCO2 46 mmHg, PaO2 62 mmHg. Chest X-ray: hyperinflation, no consolidation. WBC 11,800/µL, CRP 38 mg/L.",
    },
    question:
      "Along with short-acting bronchodilators, which additional treatment is most appropriate?",
    options: [
      "IV methylprednisolone 1 g daily for 3 days, without antibiotics",
      "An inhaled corticosteroid alone; antibiotics are not needed without pneumonia",
      "Oral prednisolone 40 mg daily for 5 days plus an oral antibiotic (e.g. amoxicillin or doxycycline) for 5–7 days",
      "Oral prednisolone tapered over 4 weeks plus IV meropenem",
    ],
    correctIndex: 2,
    explanations: [
      "Pulse-dose methylprednisolone adds side effects (hyperglycaemia, infection) without extra benefit, and his purulent sputum is an indication for an antibiotic.",
      "Antibiotics help exacerbations with increased sputum purulence even without pneumonia, and an inhaled steroid alone is not adequate treatment for an exacerbation.",
      "Correct. A short course of systemic steroid (prednisolone 40 mg for 5 days) speeds recovery and reduces treatment failure; he has all three cardinal symptoms (more breathlessness, more sputum, purulent sputum), so an antibiotic for 5–7 days is indicated.",
      "A 5-day steroid course is as effective as longer courses with less steroid exposure, and an outpatient-level exacerbation does not need a broad-spectrum carbapenem.",
    ],
    takeaway:
      "AECOPD: prednisolone 40 mg for 5 days; add an antibiotic when sputum purulence increases (with more breathlessness or sputum volume) or if ventilation is needed.",
    reference: "GOLD Report (Global Strategy for Prevention, Diagnosis and Management of COPD)",
    difficulty: "medium",
  },
  {
    id: "copd-exacerbation-04",
    topic: "Respiratory Medicine",
    condition: "COPD exacerbation",
    tags: [
      "respiratory medicine",
      "copd",
      "aecopd",
      "pneumothorax",
      "secondary spontaneous pneumothorax",
      "bullae",
      "emphysema",
      "differential diagnosis",
    ],
    case: {
      history:
        "A 59-year-old former smoker in Jaipur with severe COPD and known emphysematous bullae develops sudden right-sided pleuritic chest pain and severe breathlessness while lifting a sack this morning. He has had no fever, no change in sputum, and no leg swelling.",
      examination:
        "Distressed, speaking in single words. Pulse 120/min, BP 124/80 mmHg, RR 32/min, SpO2 84% on room air. Trachea central. Right side: reduced expansion, hyperresonant percussion and markedly reduced breath sounds. Left side: scattered wheeze.",
      results: "ECG: sinus tachycardia. Chest X-ray is being taken. Capillary glucose 112 mg/dL.",
    },
    question: "What is the most likely diagnosis?",
    options: [
      "Acute exacerbation of COPD",
      "Secondary spontaneous pneumothorax",
      "Acute pulmonary embolism",
      "Right lower lobe pneumonia",
    ],
    correctIndex: 1,
    explanations: [
      "An exacerbation develops over days with increased sputum and bilateral signs; sudden pleuritic pain with one-sided hyperresonance and absent breath sounds points elsewhere.",
      "Correct. Sudden pleuritic pain and breathlessness with unilateral hyperresonance and reduced breath sounds in a man with bullous emphysema is a secondary spontaneous pneumothorax. Confirm on X-ray (take care not to mistake a large bulla for it; CT helps if unsure); because lung reserve is poor, admit, give oxygen and usually drain.",
      "PE can cause sudden pleuritic pain and hypoxaemia, but it does not produce unilateral hyperresonance with markedly reduced breath sounds.",
      "Pneumonia gives fever, purulent sputum and dullness with bronchial breathing or crackles, not hyperresonance.",
    ],
    takeaway:
      "Sudden breathlessness with one-sided hyperresonance in COPD: think secondary pneumothorax, which is poorly tolerated and usually needs drainage.",
    reference: "BTS Guideline for pleural disease (2023); Oxford Handbook of Clinical Medicine",
    difficulty: "easy",
  },
  {
    id: "copd-exacerbation-05",
    topic: "Respiratory Medicine",
    condition: "COPD exacerbation",
    tags: [
      "respiratory medicine",
      "copd",
      "aecopd",
      "biomass fuel",
      "indoor air pollution",
      "women",
      "spirometry",
      "fev1/fvc",
      "diagnosis",
    ],
    case: {
      history:
        "A 56-year-old woman from a village near Sagar, Madhya Pradesh, has never smoked but has cooked on a wood and dung chulha in a poorly ventilated kitchen for 35 years. She was treated in hospital last week for an episode of wheezy breathlessness and has now recovered. She has had a morning cough with sputum most winters for 8 years and breathlessness on climbing stairs for 3 years. No history of tuberculosis or childhood asthma.",
      examination:
        "At follow-up 4 weeks later: pulse 84/min, RR 18/min, SpO2 95% on room air. Prolonged expiration with a few scattered wheezes. No clubbing.",
      results:
        "Chest X-ray: hyperinflated lungs, no fibrosis or cavitation. Sputum NAAT (CBNAAT) for TB: negative. Haemoglobin 11.8 g/dL.",
    },
    question: "Which investigation confirms the diagnosis of her underlying chronic lung disease?",
    options: [
      "Post-bronchodilator spirometry showing FEV1/FVC below 0.70",
      "High-resolution CT of the chest",
      "A two-week peak expiratory flow diary",
      "Arterial blood gas analysis",
    ],
    correctIndex: 0,
    explanations: [
      "Correct. COPD is defined by persistent airflow limitation: a post-bronchodilator FEV1/FVC below 0.70 in someone with symptoms and exposure (here biomass smoke) confirms it, and the FEV1 grades severity.",
      "HRCT can show emphysema or airway wall thickening but is not required for the diagnosis; COPD is a functional diagnosis made on spirometry.",
      "Peak flow variability supports asthma; it cannot establish fixed airflow obstruction.",
      "A blood gas assesses respiratory failure; it does not diagnose COPD.",
    ],
    takeaway:
      "Biomass smoke is a major cause of COPD in Indian women who have never smoked; confirm it with post-bronchodilator spirometry (FEV1/FVC <0.70).",
    reference: "GOLD Report (Global Strategy for Prevention, Diagnosis and Management of COPD)",
    difficulty: "easy",
  },
];

export default scenarios;
