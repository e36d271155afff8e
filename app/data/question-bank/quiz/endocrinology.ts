import type { BankQuestion } from "../types";

const questions: BankQuestion[] = [
  {
    id: "endocrinology-01",
    topic: "Endocrinology and Diabetes",
    tags: [
      "endocrinology",
      "diabetes",
      "dm",
      "t2dm",
      "prediabetes",
      "impaired fasting glucose",
      "ifg",
      "hba1c",
      "diagnosis",
      "screening",
    ],
    question:
      "A 45-year-old man without symptoms has routine screening: fasting plasma glucose 118 mg/dL and HbA1c 6.1%. Using ADA criteria, how should he be classified?",
    options: [
      "Normal glucose regulation",
      "Prediabetes",
      "Type 2 diabetes mellitus",
      "Type 1 diabetes mellitus",
    ],
    correctIndex: 1,
    explanations: [
      "Normal fasting glucose is below 100 mg/dL and normal HbA1c below 5.7%; both of his values are above these.",
      "Fasting glucose 100–125 mg/dL (impaired fasting glucose) and HbA1c 5.7–6.4% define prediabetes; he needs lifestyle intervention and yearly testing.",
      "Diabetes needs fasting glucose ≥126 mg/dL, HbA1c ≥6.5%, 2-hour OGTT glucose ≥200 mg/dL, or random glucose ≥200 mg/dL with symptoms; without symptoms an abnormal result should be confirmed.",
      "Nothing here suggests autoimmune beta-cell failure; type 1 diabetes is not diagnosed from mildly raised glucose in an asymptomatic middle-aged man.",
    ],
    takeaway:
      "ADA: prediabetes = FPG 100–125 mg/dL or HbA1c 5.7–6.4%; diabetes = FPG ≥126 or HbA1c ≥6.5%.",
    reference:
      "American Diabetes Association, Standards of Care in Diabetes—2024, Section 2: Diagnosis and Classification",
    difficulty: "easy",
  },
  {
    id: "endocrinology-02",
    topic: "Endocrinology and Diabetes",
    tags: [
      "endocrinology",
      "diabetes",
      "t2dm",
      "type 2 diabetes",
      "sglt2 inhibitors",
      "empagliflozin",
      "ascvd",
      "cardiovascular risk",
      "pharmacology",
    ],
    question:
      "A 58-year-old man with type 2 diabetes takes metformin 1 g twice daily; his HbA1c is 7.8%. He had a myocardial infarction last year and his eGFR is 70 mL/min/1.73 m². Which add-on drug has proven cardiovascular benefit for him?",
    options: ["Glimepiride", "Saxagliptin", "Acarbose", "Empagliflozin"],
    correctIndex: 3,
    explanations: [
      "Sulfonylureas lower glucose but have no proven cardiovascular benefit and cause hypoglycaemia and weight gain.",
      "DPP-4 inhibitors were cardiovascularly neutral in outcome trials, and saxagliptin increased hospitalisation for heart failure.",
      "Acarbose has not shown cardiovascular benefit in outcome trials and commonly causes flatulence and diarrhoea.",
      "In established atherosclerotic cardiovascular disease, an SGLT2 inhibitor or GLP-1 receptor agonist with proven benefit is recommended regardless of HbA1c; empagliflozin reduced cardiovascular death in EMPA-REG OUTCOME.",
    ],
    takeaway:
      "T2DM with ASCVD, HF or CKD: add an SGLT2 inhibitor or GLP-1 RA with proven benefit, whatever the HbA1c.",
    reference:
      "American Diabetes Association, Standards of Care in Diabetes—2024, Section 9: Pharmacologic Approaches to Glycemic Treatment",
    difficulty: "medium",
  },
  {
    id: "endocrinology-03",
    topic: "Endocrinology and Diabetes",
    tags: [
      "endocrinology",
      "diabetes",
      "dka",
      "diabetic ketoacidosis",
      "t1dm",
      "hypokalaemia",
      "hypokalemia",
      "potassium",
      "insulin infusion",
    ],
    question:
      "A 19-year-old with type 1 diabetes is in diabetic ketoacidosis: glucose 480 mg/dL, pH 7.12, bicarbonate 8 mmol/L, blood ketones 5.5 mmol/L and serum potassium 2.9 mmol/L. He has received 1 L of 0.9% saline. What should be done next?",
    options: [
      "Give IV potassium and delay insulin until potassium is above about 3.5 mmol/L",
      "Start fixed-rate IV insulin at 0.1 units/kg/h immediately",
      "Give IV sodium bicarbonate",
      "Switch to subcutaneous basal-bolus insulin and plan discharge",
    ],
    correctIndex: 0,
    explanations: [
      "Total body potassium is depleted in DKA; insulin drives potassium into cells and can precipitate fatal arrhythmias, so when potassium is this low it is replaced first and insulin is held until it rises (ADA consensus thresholds: 3.3–3.5 mmol/L).",
      "Insulin is central to DKA treatment, but starting it with potassium of 2.9 mmol/L risks life-threatening hypokalaemia.",
      "Bicarbonate is not recommended unless pH is below about 7.0; it worsens hypokalaemia and has no outcome benefit.",
      "He is in moderate to severe DKA needing IV fluids and IV insulin; subcutaneous insulin is started only after DKA resolves.",
    ],
    takeaway:
      "DKA: check potassium before insulin; if K <3.5 mmol/L (ADA older threshold 3.3), replace K first and hold insulin.",
    reference:
      "Hyperglycemic Crises in Adults With Diabetes: A Consensus Report (ADA/EASD/JBDS/AACE/DTS), Diabetes Care, 2024",
    difficulty: "hard",
  },
  {
    id: "endocrinology-04",
    topic: "Endocrinology and Diabetes",
    tags: [
      "endocrinology",
      "diabetes",
      "hhs",
      "hyperosmolar hyperglycaemic state",
      "honk",
      "t2dm",
      "osmolality",
      "dka",
    ],
    question:
      "A 72-year-old woman with type 2 diabetes has had a week of poor fluid intake and increasing confusion. Glucose 900 mg/dL, sodium 148 mmol/L, pH 7.36, bicarbonate 21 mmol/L, blood ketones 0.6 mmol/L. What is the most likely diagnosis?",
    options: [
      "Diabetic ketoacidosis",
      "Metformin-associated lactic acidosis",
      "Hyperosmolar hyperglycaemic state",
      "Euglycaemic diabetic ketoacidosis",
    ],
    correctIndex: 2,
    explanations: [
      "DKA requires significant ketonaemia (≥3 mmol/L) with acidosis (pH <7.3 or bicarbonate <15–18 mmol/L); neither is present.",
      "Lactic acidosis produces a high anion gap acidosis with low pH and bicarbonate; her pH and bicarbonate are near normal.",
      "Marked hyperglycaemia with effective osmolality of about 2 × 148 + 900/18 = 346 mOsm/kg, no significant ketosis or acidosis, and confusion in an older person with T2DM is HHS; treat with cautious IV fluids first, and low-dose insulin once fluids alone stop lowering glucose.",
      "Euglycaemic DKA (e.g. with SGLT2 inhibitors) has ketoacidosis with glucose below about 250 mg/dL, the opposite of this picture.",
    ],
    takeaway:
      "HHS: very high glucose and osmolality, minimal ketones, pH >7.3; fluids first, gentle insulin.",
    reference:
      "Hyperglycemic Crises in Adults With Diabetes: A Consensus Report (ADA/EASD/JBDS/AACE/DTS), Diabetes Care, 2024",
    difficulty: "medium",
  },
  {
    id: "endocrinology-05",
    topic: "Endocrinology and Diabetes",
    tags: [
      "endocrinology",
      "diabetes",
      "hypoglycaemia",
      "hypoglycemia",
      "sulfonylurea",
      "glibenclamide",
      "ckd",
      "elderly",
    ],
    question:
      "A 74-year-old woman with type 2 diabetes and CKD takes glibenclamide. She is found drowsy with a capillary glucose of 38 mg/dL and wakes fully after IV dextrose, then eats a meal. What is the most appropriate next step?",
    options: [
      "Discharge her home now that she has eaten",
      "Admit her for at least 24 hours of glucose monitoring with dextrose infusion as needed, and stop glibenclamide",
      "Give IM glucagon at bedtime for the next week",
      "Continue glibenclamide at a lower dose and review in clinic",
    ],
    correctIndex: 1,
    explanations: [
      "Hypoglycaemia from a long-acting sulfonylurea recurs for many hours, especially with reduced renal clearance; early discharge is dangerous.",
      "Glibenclamide and its active metabolites accumulate in CKD, causing prolonged, recurrent hypoglycaemia; she needs admission, frequent glucose monitoring, dextrose infusion as required (octreotide if refractory) and a safer regimen.",
      "Glucagon is an emergency rescue treatment, not a preventive therapy, and is less effective when glycogen stores are depleted.",
      "Glibenclamide should be avoided in older people and in CKD; a lower dose does not remove the risk of prolonged hypoglycaemia.",
    ],
    takeaway:
      "Sulfonylurea hypoglycaemia (especially glibenclamide in CKD) recurs: admit, monitor ≥24 h, stop the drug.",
    reference:
      "Joint British Diabetes Societies: The Hospital Management of Hypoglycaemia in Adults with Diabetes Mellitus; KD Tripathi, Essentials of Medical Pharmacology",
    difficulty: "medium",
  },
  {
    id: "endocrinology-06",
    topic: "Endocrinology and Diabetes",
    tags: [
      "endocrinology",
      "hypoglycaemia",
      "hypoglycemia",
      "insulinoma",
      "c-peptide",
      "factitious hypoglycaemia",
      "exogenous insulin",
      "whipple triad",
    ],
    question:
      "A 30-year-old nurse without diabetes has recurrent episodes of sweating and confusion. During an episode her plasma glucose is 36 mg/dL, serum insulin is very high, C-peptide is suppressed and a sulfonylurea screen is negative. What is the most likely cause?",
    options: [
      "Insulinoma",
      "Surreptitious sulfonylurea ingestion",
      "Exogenous insulin administration",
      "Primary adrenal insufficiency",
    ],
    correctIndex: 2,
    explanations: [
      "An insulinoma secretes insulin and C-peptide together (both cleaved from proinsulin), so C-peptide would be high.",
      "Sulfonylureas stimulate endogenous insulin release, so C-peptide would be high and the drug screen positive.",
      "Pharmaceutical insulin contains no C-peptide, and the hypoglycaemia suppresses the patient's own secretion; high insulin with low C-peptide indicates injected insulin, and access to insulin is a clue.",
      "In adrenal insufficiency the hypoglycaemia is caused by cortisol deficiency, and insulin is appropriately suppressed, not high.",
    ],
    takeaway:
      "Hypoglycaemia with high insulin: high C-peptide = insulinoma or sulfonylurea; low C-peptide = injected insulin.",
    reference:
      "Endocrine Society Clinical Practice Guideline: Evaluation and Management of Adult Hypoglycemic Disorders, 2009; Harrison's Principles of Internal Medicine",
    difficulty: "hard",
  },
  {
    id: "endocrinology-07",
    topic: "Endocrinology and Diabetes",
    tags: [
      "endocrinology",
      "thyroid",
      "thyroiditis",
      "subacute thyroiditis",
      "de quervain thyroiditis",
      "thyrotoxicosis",
      "hyperthyroidism",
      "radioiodine uptake",
    ],
    question:
      "A 35-year-old woman, 2 weeks after a sore throat, has fever, palpitations and a painful, tender thyroid with pain radiating to the jaw. TSH is suppressed, free T4 is high, ESR is 85 mm/h and radioiodine uptake is very low. What is the most appropriate treatment?",
    options: [
      "Carbimazole",
      "Radioactive iodine ablation",
      "Total thyroidectomy",
      "An NSAID (prednisolone if severe) with a beta-blocker for symptoms",
    ],
    correctIndex: 3,
    explanations: [
      "Thyrotoxicosis in subacute thyroiditis comes from release of preformed hormone from damaged follicles, not new synthesis, so antithyroid drugs do not help.",
      "With very low uptake the gland cannot take up radioiodine, and the condition is self-limiting.",
      "Surgery has no role in this self-limiting inflammatory condition.",
      "Painful (de Quervain's) subacute thyroiditis after a viral illness is treated with anti-inflammatory drugs for the pain and a beta-blocker for adrenergic symptoms; a transient hypothyroid phase may follow before recovery.",
    ],
    takeaway:
      "Painful thyroid + high ESR + thyrotoxicosis + low uptake = subacute thyroiditis: NSAID/steroid + beta-blocker.",
    reference:
      "American Thyroid Association Guidelines for Diagnosis and Management of Hyperthyroidism and Other Causes of Thyrotoxicosis, 2016",
    difficulty: "medium",
  },
  {
    id: "endocrinology-08",
    topic: "Endocrinology and Diabetes",
    tags: [
      "endocrinology",
      "thyroid",
      "graves disease",
      "hyperthyroidism",
      "carbimazole",
      "antithyroid drugs",
      "agranulocytosis",
      "neutropenia",
      "drug adverse effects",
    ],
    question:
      "A 28-year-old woman with Graves' disease started carbimazole 6 weeks ago. She now has fever and a sore throat. What is the most appropriate immediate action?",
    options: [
      "Stop carbimazole and check an urgent full blood count with neutrophil count",
      "Continue carbimazole and start oral amoxicillin",
      "Switch immediately to propylthiouracil",
      "Double the carbimazole dose because fever suggests uncontrolled thyrotoxicosis",
    ],
    correctIndex: 0,
    explanations: [
      "Agranulocytosis is a rare, potentially fatal idiosyncratic reaction to thionamides, usually in the first months; sore throat or fever means stop the drug and check the neutrophil count urgently.",
      "Continuing the drug while treating the throat risks overwhelming sepsis if agranulocytosis is present.",
      "Agranulocytosis can cross-react between thionamides, so switching to propylthiouracil is contraindicated after it occurs; definitive therapy (radioiodine or surgery) is then considered.",
      "Fever with sore throat on a thionamide is agranulocytosis until proved otherwise, not a reason to increase the dose.",
    ],
    takeaway:
      "Sore throat or fever on carbimazole/PTU: stop the drug and get an urgent neutrophil count.",
    reference:
      "American Thyroid Association Guidelines for Diagnosis and Management of Hyperthyroidism and Other Causes of Thyrotoxicosis, 2016",
    difficulty: "easy",
  },
  {
    id: "endocrinology-09",
    topic: "Endocrinology and Diabetes",
    tags: [
      "endocrinology",
      "adrenal",
      "adrenal crisis",
      "addisonian crisis",
      "addison's disease",
      "adrenal insufficiency",
      "hydrocortisone",
      "hyponatraemia",
      "hyperkalaemia",
    ],
    question:
      "A 40-year-old woman presents with vomiting, abdominal pain and BP 78/50 mmHg. She has increased pigmentation of the palmar creases and buccal mucosa. Sodium 124 mmol/L, potassium 6.1 mmol/L, glucose 60 mg/dL. What is the most appropriate immediate management?",
    options: [
      "Wait for a morning cortisol result before giving steroids",
      "Oral fludrocortisone",
      "IV hydrocortisone 100 mg at once with IV 0.9% saline (take blood for cortisol and ACTH first only if it causes no delay)",
      "IV 5% dextrose and observation",
    ],
    correctIndex: 2,
    explanations: [
      "Adrenal crisis is fatal if treatment is delayed; steroids must never wait for test results.",
      "Mineralocorticoid replacement is for long-term management; in a crisis, high-dose hydrocortisone provides enough mineralocorticoid effect and oral absorption is unreliable with vomiting.",
      "Hypotension, hyponatraemia, hyperkalaemia, hypoglycaemia and pigmentation indicate primary adrenal insufficiency in crisis; treat immediately with IV hydrocortisone and saline, with dextrose for hypoglycaemia.",
      "Dextrose alone corrects the glucose but leaves the cortisol deficiency and hypovolaemic shock untreated.",
    ],
    takeaway:
      "Suspected adrenal crisis: IV hydrocortisone 100 mg + saline immediately; never wait for cortisol levels.",
    reference:
      "Endocrine Society Clinical Practice Guideline: Diagnosis and Treatment of Primary Adrenal Insufficiency, 2016",
    difficulty: "easy",
  },
  {
    id: "endocrinology-10",
    topic: "Endocrinology and Diabetes",
    tags: [
      "endocrinology",
      "adrenal",
      "cushing syndrome",
      "cushing's syndrome",
      "hypercortisolism",
      "acth",
      "adrenal adenoma",
      "dexamethasone suppression test",
    ],
    question:
      "A 38-year-old woman who takes no steroids has central obesity, wide purple striae, proximal myopathy and hypertension. Her cortisol fails to suppress after 1 mg overnight dexamethasone and her 24-hour urinary free cortisol is raised. Plasma ACTH is suppressed (very low). What is the next investigation?",
    options: [
      "CT of the adrenal glands",
      "MRI of the pituitary",
      "Inferior petrosal sinus sampling",
      "CT of the chest to look for an ectopic ACTH source",
    ],
    correctIndex: 0,
    explanations: [
      "Confirmed Cushing's syndrome with suppressed ACTH is ACTH-independent, meaning the adrenal is making cortisol autonomously (adenoma, carcinoma or hyperplasia); adrenal CT is the next step.",
      "Pituitary MRI is for ACTH-dependent disease (normal or raised ACTH), looking for a corticotroph adenoma.",
      "Petrosal sinus sampling distinguishes pituitary from ectopic ACTH secretion, so it is used only when ACTH is not suppressed.",
      "Ectopic ACTH tumours produce high ACTH levels; with ACTH suppressed this search is not indicated.",
    ],
    takeaway:
      "Cushing's: confirm hypercortisolism, then ACTH: low → adrenal CT; normal/high → pituitary or ectopic work-up.",
    reference:
      "Endocrine Society Clinical Practice Guideline: The Diagnosis of Cushing's Syndrome, 2008; Harrison's Principles of Internal Medicine",
    difficulty: "hard",
  },
  {
    id: "endocrinology-11",
    topic: "Endocrinology and Diabetes",
    tags: [
      "endocrinology",
      "adrenal",
      "primary aldosteronism",
      "conn syndrome",
      "hyperaldosteronism",
      "secondary hypertension",
      "htn",
      "hypokalaemia",
      "aldosterone renin ratio",
    ],
    question:
      "A 36-year-old man has BP 168/102 mmHg despite amlodipine, and serum potassium 3.0 mmol/L without any diuretic. Which is the most appropriate screening test for the likely cause?",
    options: [
      "Plasma free metanephrines",
      "Renal artery Doppler ultrasound",
      "Overnight dexamethasone suppression test",
      "Plasma aldosterone-to-renin ratio",
    ],
    correctIndex: 3,
    explanations: [
      "Metanephrines screen for phaeochromocytoma, which typically causes paroxysmal headache, sweating and palpitations, not spontaneous hypokalaemia.",
      "Renovascular hypertension can cause hypokalaemia through secondary aldosteronism, but in a young man with spontaneous hypokalaemia primary aldosteronism is the commoner, first-screened cause.",
      "The dexamethasone suppression test screens for Cushing's syndrome, for which there are no clinical features here.",
      "Young-onset or resistant hypertension with spontaneous hypokalaemia suggests primary aldosteronism; the aldosterone-to-renin ratio (high aldosterone, suppressed renin) is the screening test, confirmed with a suppression test.",
    ],
    takeaway:
      "Hypertension + unprovoked hypokalaemia: screen for primary aldosteronism with the aldosterone-to-renin ratio.",
    reference:
      "Endocrine Society Clinical Practice Guideline: The Management of Primary Aldosteronism, 2016",
    difficulty: "medium",
  },
  {
    id: "endocrinology-12",
    topic: "Endocrinology and Diabetes",
    tags: [
      "endocrinology",
      "pituitary",
      "prolactinoma",
      "hyperprolactinaemia",
      "macroadenoma",
      "cabergoline",
      "dopamine agonist",
      "bitemporal hemianopia",
      "galactorrhoea",
    ],
    question:
      "A 30-year-old woman has amenorrhoea, galactorrhoea and a bitemporal hemianopia. Serum prolactin is 4,800 ng/mL and MRI shows a 2.5 cm pituitary macroadenoma without haemorrhage. What is the first-line treatment?",
    options: [
      "Urgent transsphenoidal surgery",
      "Cabergoline",
      "Pituitary radiotherapy",
      "Combined oral contraceptive pill and observation",
    ],
    correctIndex: 1,
    explanations: [
      "Surgery is reserved for dopamine-agonist resistance or intolerance, or for apoplexy with sudden visual loss; it is not first-line even with a field defect.",
      "Dopamine agonists (cabergoline preferred) normalise prolactin and shrink most prolactinomas, often restoring the visual fields within days to weeks.",
      "Radiotherapy is a last resort for aggressive tumours resistant to drugs and surgery, and causes hypopituitarism.",
      "Oestrogen replacement does not shrink the tumour or relieve chiasmal compression.",
    ],
    takeaway:
      "Prolactinoma, even a macroadenoma with visual loss: cabergoline first; surgery only if it fails.",
    reference:
      "Endocrine Society Clinical Practice Guideline: Diagnosis and Treatment of Hyperprolactinemia, 2011",
    difficulty: "medium",
  },
  {
    id: "endocrinology-13",
    topic: "Endocrinology and Diabetes",
    tags: [
      "endocrinology",
      "calcium",
      "hypercalcaemia",
      "hypercalcemia",
      "hypercalcaemia of malignancy",
      "pthrp",
      "bisphosphonates",
      "zoledronic acid",
      "oncology",
    ],
    question:
      "A 62-year-old man with squamous cell carcinoma of the lung is confused, polyuric and clinically dehydrated. Corrected serum calcium is 14.2 mg/dL and creatinine 1.6 mg/dL. What is the most appropriate initial management?",
    options: [
      "IV furosemide as the first measure",
      "Low-calcium diet and oral fluids",
      "IV hydrocortisone as the main treatment",
      "IV 0.9% saline rehydration, followed by an IV bisphosphonate such as zoledronic acid",
    ],
    correctIndex: 3,
    explanations: [
      "Loop diuretics worsen dehydration if given first; they are used only after volume repletion, mainly to prevent fluid overload.",
      "Dietary restriction and oral fluids are far too slow and inadequate for severe symptomatic hypercalcaemia.",
      "Steroids help hypercalcaemia driven by calcitriol (lymphoma, granulomatous disease) but not PTHrP-mediated hypercalcaemia from a squamous carcinoma.",
      "Hypercalcaemia causes nephrogenic diabetes insipidus and dehydration, so IV saline comes first; an IV bisphosphonate then inhibits osteoclastic bone resorption (effect over 2–4 days), with calcitonin for a rapid but short effect if needed.",
    ],
    takeaway:
      "Severe hypercalcaemia: IV saline first, then IV bisphosphonate; diuretics only after rehydration.",
    reference:
      "Oxford Handbook of Clinical Medicine, 10th ed. (Endocrinology: hypercalcaemia); Harrison's Principles of Internal Medicine",
    difficulty: "medium",
  },
];

export default questions;
