import type { BankQuestion } from "../types";

const questions: BankQuestion[] = [
  {
    id: "nephrology-01",
    topic: "Nephrology",
    tags: [
      "nephrology",
      "electrolytes",
      "hyperkalaemia",
      "hyperkalemia",
      "potassium",
      "ecg",
      "calcium gluconate",
      "emergency",
    ],
    question:
      "A 68-year-old man with chronic kidney disease who takes ramipril and spironolactone has serum potassium 7.2 mmol/L. His ECG shows tall peaked T waves and a widened QRS complex. Which drug should be given first?",
    options: [
      "IV insulin with dextrose",
      "Nebulised salbutamol",
      "IV 10% calcium gluconate",
      "IV sodium bicarbonate",
    ],
    correctIndex: 2,
    explanations: [
      "Insulin-dextrose is essential and follows immediately, but it takes 15–30 minutes to lower potassium and does not protect the myocardium at once.",
      "Salbutamol is an adjunct that shifts potassium into cells; it is not the first drug when the ECG shows toxicity.",
      "With ECG changes, IV calcium stabilises the cardiac membrane within minutes and reduces the risk of arrhythmia; it does not lower potassium, so shifting and removal therapies follow.",
      "Bicarbonate has little effect on potassium in the acute setting unless there is significant metabolic acidosis, and it is not first-line.",
    ],
    takeaway:
      "Hyperkalaemia with ECG changes: IV calcium first to protect the heart, then insulin-dextrose.",
    reference:
      "UK Kidney Association (Renal Association) Clinical Practice Guideline: Treatment of Acute Hyperkalaemia in Adults, 2020",
    difficulty: "easy",
  },
  {
    id: "nephrology-02",
    topic: "Nephrology",
    tags: [
      "nephrology",
      "electrolytes",
      "hyperkalaemia",
      "hyperkalemia",
      "potassium",
      "insulin",
      "pharmacology",
      "physiology",
    ],
    question:
      "Which treatment for hyperkalaemia lowers serum potassium by shifting it into cells rather than removing it from the body?",
    options: [
      "IV insulin with glucose",
      "Haemodialysis",
      "Oral sodium zirconium cyclosilicate",
      "IV furosemide in a patient who is passing urine",
    ],
    correctIndex: 0,
    explanations: [
      "Insulin stimulates the Na+/K+-ATPase and drives potassium into cells; the effect lasts only a few hours and total body potassium is unchanged, so a removal strategy must follow.",
      "Dialysis removes potassium from the body; it is the definitive treatment when other measures fail or in renal failure.",
      "Sodium zirconium cyclosilicate binds potassium in the gut in exchange for sodium and hydrogen ions, removing it in the stool.",
      "Loop diuretics increase renal potassium excretion in patients with adequate urine output, removing potassium from the body.",
    ],
    takeaway:
      "Insulin and salbutamol shift potassium into cells; binders, diuretics and dialysis remove it.",
    reference:
      "Guyton and Hall Textbook of Medical Physiology, 14th ed.; UK Kidney Association Hyperkalaemia Guideline, 2020",
    difficulty: "medium",
  },
  {
    id: "nephrology-03",
    topic: "Nephrology",
    tags: [
      "nephrology",
      "electrolytes",
      "hyponatraemia",
      "hyponatremia",
      "sodium",
      "siadh",
      "small cell lung cancer",
      "osmolality",
    ],
    question:
      "A 64-year-old smoker with a central lung mass has serum sodium 124 mmol/L, serum osmolality 258 mOsm/kg, urine osmolality 480 mOsm/kg and urine sodium 52 mmol/L. He is clinically euvolaemic, takes no diuretics, and his thyroid and adrenal function are normal. What is the most likely cause of his hyponatraemia?",
    options: [
      "Hypovolaemic hyponatraemia from vomiting",
      "Primary (psychogenic) polydipsia",
      "Congestive heart failure",
      "Syndrome of inappropriate antidiuretic hormone secretion",
    ],
    correctIndex: 3,
    explanations: [
      "Hypovolaemia would show clinical dehydration and, in extrarenal losses, a low urine sodium (<30 mmol/L).",
      "In primary polydipsia the kidneys excrete free water appropriately, so urine osmolality is maximally dilute (<100 mOsm/kg).",
      "Heart failure causes hypervolaemic hyponatraemia with oedema and a low urine sodium because of avid renal sodium retention.",
      "Hypotonic hyponatraemia with inappropriately concentrated urine (>100 mOsm/kg), urine sodium >30 mmol/L, euvolaemia and normal thyroid and adrenal function fits SIADH; small cell lung cancer is a classic cause.",
    ],
    takeaway:
      "SIADH: euvolaemic hypotonic hyponatraemia, urine osm >100, urine Na >30, normal thyroid/adrenal tests.",
    reference:
      "European Clinical Practice Guideline on diagnosis and treatment of hyponatraemia (ESE/ESICM/ERA-EDTA), 2014",
    difficulty: "medium",
  },
  {
    id: "nephrology-04",
    topic: "Nephrology",
    tags: [
      "nephrology",
      "electrolytes",
      "hyponatraemia",
      "hyponatremia",
      "hypertonic saline",
      "three percent saline",
      "seizure",
      "osmotic demyelination",
      "ods",
    ],
    question:
      "A 45-year-old woman has a generalised seizure and remains drowsy. Her serum sodium is 112 mmol/L. What is the most appropriate immediate treatment?",
    options: [
      "Fluid restriction to 800 mL/day",
      "IV 150 mL of 3% hypertonic saline over 20 minutes, repeated if needed, aiming for an initial rise of about 5 mmol/L",
      "Rapid IV infusion of 2 L of 0.9% saline",
      "Oral tolvaptan",
    ],
    correctIndex: 1,
    explanations: [
      "Fluid restriction acts over days and is far too slow for hyponatraemia with severe neurological symptoms.",
      "Severely symptomatic hyponatraemia (seizures, reduced consciousness) needs prompt 3% saline boluses to reduce cerebral oedema; a rise of about 5 mmol/L usually improves symptoms, and the total rise should not exceed 10 mmol/L in the first 24 hours to avoid osmotic demyelination.",
      "Isotonic saline raises sodium unpredictably and can even lower it in SIADH; large volumes are not the treatment for cerebral oedema.",
      "Vaptans act slowly and unpredictably and risk overly rapid correction; they have no role in emergency treatment.",
    ],
    takeaway:
      "Hyponatraemia with seizures: 150 mL 3% saline boluses; cap the rise at 10 mmol/L in 24 h.",
    reference:
      "European Clinical Practice Guideline on diagnosis and treatment of hyponatraemia (ESE/ESICM/ERA-EDTA), 2014",
    difficulty: "hard",
  },
  {
    id: "nephrology-05",
    topic: "Nephrology",
    tags: [
      "nephrology",
      "aki",
      "acute kidney injury",
      "arf",
      "kdigo",
      "creatinine",
      "urine output",
      "definition",
    ],
    question: "Which of the following meets the KDIGO definition of acute kidney injury?",
    options: [
      "Serum creatinine rising from 1.0 to 1.4 mg/dL within 48 hours",
      "Serum creatinine rising from 1.0 to 1.2 mg/dL over 5 days",
      "Urine output of 0.4 mL/kg/h for 3 hours",
      "Serum creatinine stable at 2.0 mg/dL for 6 months",
    ],
    correctIndex: 0,
    explanations: [
      "A rise in creatinine of ≥0.3 mg/dL (≥26.5 µmol/L) within 48 hours defines AKI; here it rose by 0.4 mg/dL.",
      "A 0.2 mg/dL rise is below the 0.3 mg/dL threshold, and 1.2 times baseline is below the 1.5-fold rise required within 7 days.",
      "The urine output criterion requires <0.5 mL/kg/h for at least 6 hours; 3 hours is not enough.",
      "A stable raised creatinine over months indicates chronic kidney disease, not AKI.",
    ],
    takeaway:
      "KDIGO AKI: creatinine ↑ ≥0.3 mg/dL in 48 h, or ≥1.5× baseline in 7 days, or urine <0.5 mL/kg/h for 6 h.",
    reference: "KDIGO Clinical Practice Guideline for Acute Kidney Injury, 2012",
    difficulty: "easy",
  },
  {
    id: "nephrology-06",
    topic: "Nephrology",
    tags: [
      "nephrology",
      "aki",
      "acute kidney injury",
      "prerenal",
      "atn",
      "acute tubular necrosis",
      "fena",
      "fractional excretion of sodium",
      "diarrhoea",
    ],
    question:
      "A 70-year-old man has had 3 days of profuse diarrhoea and is not on diuretics. Plasma sodium 140 mmol/L, plasma creatinine 2.0 mg/dL, urine sodium 10 mmol/L, urine creatinine 100 mg/dL. What is his fractional excretion of sodium (FENa) and what does it suggest?",
    options: [
      "About 7%, suggesting acute tubular necrosis",
      "About 1.4%, which is indeterminate",
      "About 0.14%, suggesting prerenal AKI",
      "About 14%, suggesting post-renal obstruction",
    ],
    correctIndex: 2,
    explanations: [
      "7% does not follow from the values given; a FENa above 2% would suggest tubular injury, but the correct value here is far below 1%.",
      "This is a tenfold error in the calculation; the true value is well below 1%.",
      "FENa = (urine Na × plasma Cr) / (plasma Na × urine Cr) × 100 = (10 × 2.0) / (140 × 100) × 100 ≈ 0.14%. A FENa below 1% means the tubules are avidly reabsorbing sodium, as in prerenal AKI from volume depletion.",
      "This value is a hundredfold error, and FENa is not used to diagnose obstruction; ultrasound is.",
    ],
    takeaway:
      "FENa <1% = prerenal (tubules working); >2% = intrinsic tubular injury (unreliable on diuretics).",
    reference: "Harrison's Principles of Internal Medicine, 21st ed. (Acute kidney injury)",
    difficulty: "hard",
  },
  {
    id: "nephrology-07",
    topic: "Nephrology",
    tags: [
      "nephrology",
      "aki",
      "acute kidney injury",
      "dialysis",
      "renal replacement therapy",
      "rrt",
      "uraemia",
      "uremic pericarditis",
    ],
    question:
      "A 55-year-old man has oliguric AKI from sepsis. Which finding is an indication for urgent dialysis?",
    options: [
      "A serum creatinine of 4.5 mg/dL on its own",
      "A blood urea of 120 mg/dL with no symptoms or complications",
      "Serum potassium 5.8 mmol/L with a normal ECG",
      "A pericardial friction rub with pleuritic chest pain",
    ],
    correctIndex: 3,
    explanations: [
      "No absolute creatinine value alone mandates dialysis; the decision rests on complications and the clinical trajectory.",
      "An isolated raised urea without uraemic complications is not by itself an urgent indication.",
      "Mild hyperkalaemia without ECG changes is managed medically; dialysis is for severe or refractory hyperkalaemia.",
      "Uraemic pericarditis is an urgent indication for dialysis (risk of tamponade), like refractory hyperkalaemia, severe acidosis, diuretic-resistant pulmonary oedema and uraemic encephalopathy.",
    ],
    takeaway:
      "Urgent dialysis (AEIOU): refractory Acidosis, Electrolytes (K+), Intoxications, Overload, Uraemic complications.",
    reference:
      "Oxford Handbook of Clinical Medicine, 10th ed. (Renal medicine); KDIGO AKI Guideline, 2012",
    difficulty: "medium",
  },
  {
    id: "nephrology-08",
    topic: "Nephrology",
    tags: [
      "nephrology",
      "ckd",
      "chronic kidney disease",
      "diabetic kidney disease",
      "diabetic nephropathy",
      "t2dm",
      "sglt2 inhibitors",
      "albuminuria",
      "kdigo",
    ],
    question:
      "A 60-year-old woman with type 2 diabetes has eGFR 45 mL/min/1.73 m² and urine albumin-to-creatinine ratio of about 40 mg/mmol (350 mg/g). She takes metformin and maximum-dose ramipril; BP 130/80 mmHg, potassium 4.6 mmol/L. Which addition best slows progression of her kidney disease?",
    options: [
      "Add losartan to the ramipril (dual RAAS blockade)",
      "An SGLT2 inhibitor such as dapagliflozin or empagliflozin",
      "Stop metformin and start a sulfonylurea",
      "A very low-protein diet of 0.4 g/kg/day",
    ],
    correctIndex: 1,
    explanations: [
      "Combining an ACE inhibitor with an ARB increases hyperkalaemia and AKI without improving renal or cardiovascular outcomes.",
      "SGLT2 inhibitors reduce kidney failure, cardiovascular death and heart failure hospitalisation in CKD with type 2 diabetes and are recommended for eGFR ≥20 mL/min/1.73 m², alongside a maximally tolerated ACE inhibitor or ARB.",
      "Sulfonylureas have no kidney-protective effect and cause hypoglycaemia that is more frequent in CKD; metformin can continue at this eGFR (with dose reduction if eGFR falls below 45).",
      "Guidelines suggest a protein intake of about 0.8 g/kg/day in CKD with diabetes; very low-protein diets risk malnutrition.",
    ],
    takeaway: "Diabetic CKD: maximally tolerated ACEi/ARB plus an SGLT2 inhibitor (eGFR ≥20).",
    reference:
      "KDIGO Clinical Practice Guideline for Diabetes Management in Chronic Kidney Disease, 2022",
    difficulty: "medium",
  },
  {
    id: "nephrology-09",
    topic: "Nephrology",
    tags: [
      "nephrology",
      "ckd",
      "chronic kidney disease",
      "ckd-mbd",
      "secondary hyperparathyroidism",
      "renal osteodystrophy",
      "phosphate",
      "calcium",
      "pth",
    ],
    question:
      "A 50-year-old woman on maintenance haemodialysis for 4 years has bone pain. Which biochemical pattern is typical of secondary hyperparathyroidism due to CKD?",
    options: [
      "High calcium, low phosphate, high PTH",
      "Low calcium, low phosphate, high PTH",
      "Low or normal calcium, high phosphate, high PTH",
      "High calcium, high phosphate, low PTH",
    ],
    correctIndex: 2,
    explanations: [
      "High calcium with low phosphate and high PTH is the pattern of primary hyperparathyroidism.",
      "Low calcium and low phosphate with high PTH suggests vitamin D deficiency (osteomalacia) with normal kidney function, where phosphate is not retained.",
      "In CKD, phosphate retention, raised FGF-23 and reduced renal 1-alpha-hydroxylation of vitamin D lower calcitriol and calcium, driving PTH secretion; phosphate stays high because the kidneys cannot excrete it.",
      "High calcium and phosphate with suppressed PTH suggests vitamin D toxicity or another PTH-independent cause of hypercalcaemia.",
    ],
    takeaway:
      "CKD secondary hyperparathyroidism: high phosphate, low/normal calcium, low calcitriol, high PTH.",
    reference: "KDIGO Clinical Practice Guideline Update for CKD–Mineral and Bone Disorder, 2017",
    difficulty: "medium",
  },
  {
    id: "nephrology-10",
    topic: "Nephrology",
    tags: [
      "nephrology",
      "nephrotic syndrome",
      "minimal change disease",
      "mcd",
      "paediatrics",
      "pediatrics",
      "proteinuria",
      "steroids",
      "prednisolone",
    ],
    question:
      "A 4-year-old boy has had puffiness around the eyes for a week, now with generalised oedema. Urine dipstick shows protein 4+ with no blood; BP and creatinine are normal, serum albumin 1.8 g/dL, cholesterol raised and C3 normal. What is the most appropriate next step?",
    options: [
      "Start oral prednisolone without a renal biopsy",
      "Renal biopsy before starting any treatment",
      "IV cyclophosphamide",
      "Oral penicillin and fluid restriction for post-streptococcal glomerulonephritis",
    ],
    correctIndex: 0,
    explanations: [
      "A typical childhood nephrotic syndrome (age 1–12, no haematuria, hypertension, renal impairment or low complement) is most often minimal change disease, which is usually steroid-sensitive, so prednisolone is started without a biopsy.",
      "Biopsy is reserved for atypical features (e.g. age <1 year or adolescence, persistent haematuria, hypertension, low C3, renal impairment) or steroid resistance.",
      "Alkylating agents are second-line for frequently relapsing or steroid-dependent disease, not initial therapy.",
      "Post-streptococcal glomerulonephritis is a nephritic picture with haematuria, hypertension and low C3, none of which is present.",
    ],
    takeaway:
      "Typical nephrotic syndrome in a young child = minimal change disease: steroids first, biopsy only if atypical or resistant.",
    reference:
      "IPNA Clinical Practice Recommendations for the Diagnosis and Management of Children with Steroid-Sensitive Nephrotic Syndrome, 2023; Nelson Textbook of Pediatrics",
    difficulty: "easy",
  },
  {
    id: "nephrology-11",
    topic: "Nephrology",
    tags: [
      "nephrology",
      "nephritic syndrome",
      "psgn",
      "post-streptococcal glomerulonephritis",
      "glomerulonephritis",
      "complement",
      "c3",
      "impetigo",
      "haematuria",
    ],
    question:
      "An 8-year-old girl had impetigo 3 weeks ago. She now has cola-coloured urine, periorbital oedema, BP 140/90 mmHg and red cell casts in the urine. Which complement pattern is expected?",
    options: [
      "Normal C3 and normal C4",
      "Low C3 and low C4",
      "Raised C3 as part of the acute-phase response",
      "Low C3 with normal C4, returning to normal within about 8 weeks",
    ],
    correctIndex: 3,
    explanations: [
      "Normal complement is seen in IgA nephropathy and ANCA vasculitis, not in post-streptococcal glomerulonephritis.",
      "Low C3 and low C4 suggest classical pathway activation, as in lupus nephritis or cryoglobulinaemia.",
      "C3 is consumed, not raised, in post-infectious glomerulonephritis.",
      "PSGN activates the alternative pathway, so C3 falls while C4 stays normal; C3 normalises within 6–8 weeks, and persistent hypocomplementaemia should prompt a search for C3 glomerulopathy or MPGN.",
    ],
    takeaway:
      "PSGN: low C3, normal C4, recovers by ~8 weeks; persistently low C3 = think C3 glomerulopathy/MPGN.",
    reference:
      "Nelson Textbook of Pediatrics, 21st ed. (Acute poststreptococcal glomerulonephritis)",
    difficulty: "medium",
  },
  {
    id: "nephrology-12",
    topic: "Nephrology",
    tags: [
      "nephrology",
      "nephrotic syndrome",
      "membranous nephropathy",
      "pla2r",
      "anti-pla2r",
      "glomerulonephritis",
      "renal biopsy",
      "proteinuria",
    ],
    question:
      "A 52-year-old man has nephrotic syndrome. Renal biopsy shows a thickened glomerular basement membrane, with subepithelial deposits and 'spikes' on silver stain. Which serum antibody supports a primary (idiopathic) form of this disease?",
    options: [
      "Anti-glomerular basement membrane antibody",
      "Anti-phospholipase A2 receptor (anti-PLA2R) antibody",
      "Anti-double-stranded DNA antibody",
      "c-ANCA (anti-proteinase 3)",
    ],
    correctIndex: 1,
    explanations: [
      "Anti-GBM disease causes a rapidly progressive crescentic glomerulonephritis with linear IgG staining, not a nephrotic membranous picture.",
      "Subepithelial deposits with basement membrane spikes are membranous nephropathy; antibodies to the podocyte PLA2R antigen are found in most primary cases, and their level tracks disease activity.",
      "Anti-dsDNA suggests lupus, which can cause secondary (class V) membranous nephritis; it points away from a primary form.",
      "PR3-ANCA is associated with granulomatosis with polyangiitis, a pauci-immune crescentic glomerulonephritis.",
    ],
    takeaway:
      "Membranous nephropathy: subepithelial spikes; anti-PLA2R = primary disease (still exclude HBV, SLE, cancer, drugs).",
    reference: "KDIGO Clinical Practice Guideline for the Management of Glomerular Diseases, 2021",
    difficulty: "hard",
  },
  {
    id: "nephrology-13",
    topic: "Nephrology",
    tags: [
      "nephrology",
      "acid-base",
      "abg",
      "metabolic acidosis",
      "anion gap",
      "hagma",
      "winters formula",
      "respiratory compensation",
    ],
    question:
      "A 30-year-old man has the following results: pH 7.22, PaCO2 20 mmHg, HCO3 8 mmol/L, Na 140 mmol/L, Cl 104 mmol/L. Which description is correct?",
    options: [
      "High anion gap metabolic acidosis with appropriate respiratory compensation",
      "High anion gap metabolic acidosis with a concomitant respiratory acidosis",
      "Normal anion gap metabolic acidosis",
      "Primary respiratory alkalosis with metabolic compensation",
    ],
    correctIndex: 0,
    explanations: [
      "Anion gap = 140 − (104 + 8) = 28 (high). Winter's formula predicts PaCO2 = 1.5 × 8 + 8 = 20 ± 2 mmHg, exactly what is measured, so compensation is appropriate; the delta ratio (16/16 = 1) suggests no additional metabolic process.",
      "A concomitant respiratory acidosis would leave PaCO2 above the predicted 18–22 mmHg.",
      "The anion gap of 28 is clearly raised (normal about 8–12 mmol/L).",
      "The pH is acidaemic, so the primary process is an acidosis; a low PaCO2 here is compensation, not the primary disorder.",
    ],
    takeaway:
      "Metabolic acidosis: calculate the anion gap, then check compensation with Winter's formula (1.5 × HCO3 + 8 ± 2).",
    reference: "Harrison's Principles of Internal Medicine, 21st ed. (Acidosis and alkalosis)",
    difficulty: "hard",
  },
];

export default questions;
