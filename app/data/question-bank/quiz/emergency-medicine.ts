import type { BankQuestion } from "../types";

const questions: BankQuestion[] = [
  {
    id: "emergency-medicine-01",
    topic: "Emergency Medicine",
    tags: [
      "emergency medicine",
      "bls",
      "basic life support",
      "cpr",
      "cardiopulmonary resuscitation",
      "cardiac arrest",
      "chest compressions",
      "resuscitation",
    ],
    question: "Which of the following describes high-quality chest compressions during adult CPR?",
    options: [
      "60-80 compressions per minute to a depth of about 3 cm",
      "A compression-to-ventilation ratio of 15:2 for a lone rescuer",
      "100-120 compressions per minute, 5-6 cm deep, allowing full chest recoil, at a ratio of 30:2",
      "Checking for a pulse for 30 seconds before starting compressions",
    ],
    correctIndex: 2,
    explanations: [
      "This rate and depth are too slow and too shallow to generate adequate coronary and cerebral perfusion.",
      "For adults the ratio is 30:2 whatever the number of rescuers; 15:2 is used for two-rescuer CPR in children.",
      "Push hard (at least 5 cm but no more than 6 cm) and fast (100-120/min), allow full recoil between compressions, minimise interruptions, and give 30 compressions to 2 breaths until an advanced airway is placed.",
      "A pulse check should take no more than 10 seconds; lay rescuers should start CPR in an unresponsive person not breathing normally without checking a pulse.",
    ],
    takeaway:
      "Adult CPR: 100-120/min, 5-6 cm, full recoil, minimal pauses, 30:2; early defibrillation.",
    reference:
      "American Heart Association Guidelines for CPR and Emergency Cardiovascular Care (2020)",
    difficulty: "easy",
  },
  {
    id: "emergency-medicine-02",
    topic: "Emergency Medicine",
    tags: [
      "emergency medicine",
      "acls",
      "advanced cardiac life support",
      "als",
      "cardiac arrest",
      "vf",
      "ventricular fibrillation",
      "pulseless vt",
      "shockable rhythm",
      "amiodarone",
      "adrenaline",
      "epinephrine",
    ],
    question:
      "A 58-year-old man in cardiac arrest is in ventricular fibrillation. High-quality CPR is under way; adrenaline 1 mg IV was given after the second shock. VF persists after the third shock and CPR is resumed. Which drug should be given now?",
    options: [
      "Amiodarone 300 mg IV bolus",
      "Atropine 3 mg IV",
      "Calcium chloride 10 mL of 10% IV",
      "Adenosine 6 mg IV",
    ],
    correctIndex: 0,
    explanations: [
      "In shock-refractory VF or pulseless VT, amiodarone 300 mg IV is given after the third shock (lidocaine is an alternative), with a further 150 mg after the fifth shock; adrenaline continues every 3-5 minutes.",
      "Atropine was removed from cardiac arrest algorithms because it showed no benefit, and it has no role in VF.",
      "Calcium is given in arrest only for specific causes such as hyperkalaemia, hypocalcaemia or calcium channel blocker overdose.",
      "Adenosine is used for stable narrow-complex re-entrant tachycardias, not for cardiac arrest.",
    ],
    takeaway:
      "Shockable arrest: shock, CPR 2 min, repeat; adrenaline 1 mg every 3-5 min and amiodarone 300 mg after the third shock.",
    reference:
      "American Heart Association Guidelines for CPR and Emergency Cardiovascular Care (2020); Resuscitation Council UK Adult Advanced Life Support Guidelines (2021)",
    difficulty: "medium",
  },
  {
    id: "emergency-medicine-03",
    topic: "Emergency Medicine",
    tags: [
      "emergency medicine",
      "acls",
      "als",
      "cardiac arrest",
      "asystole",
      "pea",
      "non-shockable rhythm",
      "adrenaline",
      "epinephrine",
      "reversible causes",
      "hs and ts",
    ],
    question:
      "A 70-year-old woman collapses on the ward. She is unresponsive with no normal breathing, CPR is started and the monitor shows asystole, confirmed with correct gain and lead placement. What is the most appropriate next step?",
    options: [
      "Defibrillate with a 200 J biphasic shock, then resume CPR for 2 minutes",
      "Give atropine 3 mg IV once to block vagal tone, then continue CPR",
      "Give 50 mL of 8.4% sodium bicarbonate IV routinely to correct acidosis",
      "Continue CPR and give adrenaline 1 mg IV as soon as possible, repeating every 3-5 minutes",
    ],
    correctIndex: 3,
    explanations: [
      "Asystole is a non-shockable rhythm; shocks do not help and interrupt CPR.",
      "Atropine is no longer recommended in asystole or PEA because trials showed no benefit.",
      "Routine bicarbonate is not recommended; it is reserved for specific situations such as hyperkalaemia or tricyclic overdose.",
      "For non-shockable rhythms, give adrenaline early with continuous CPR and treat reversible causes (hypoxia, hypovolaemia, hypo- or hyperkalaemia, hypothermia, thrombosis, tamponade, toxins, tension pneumothorax).",
    ],
    takeaway:
      "Asystole/PEA: CPR, early adrenaline 1 mg every 3-5 min, hunt the 4 Hs and 4 Ts; no shocks, no atropine.",
    reference:
      "American Heart Association Guidelines for CPR and Emergency Cardiovascular Care (2020); Resuscitation Council UK Adult Advanced Life Support Guidelines (2021)",
    difficulty: "medium",
  },
  {
    id: "emergency-medicine-04",
    topic: "Emergency Medicine",
    tags: [
      "emergency medicine",
      "anaphylaxis",
      "anaphylactic shock",
      "allergy",
      "adrenaline",
      "epinephrine",
      "im adrenaline",
      "drug reaction",
    ],
    question:
      "Five minutes after an IV antibiotic, a 30-year-old woman develops generalised urticaria, lip swelling, wheeze and a BP of 80/50 mmHg. What is the first drug to give?",
    options: [
      "Intravenous chlorphenamine 10 mg slowly",
      "Intramuscular adrenaline 0.5 mg (1 mg/mL) into the anterolateral thigh",
      "Intravenous hydrocortisone 200 mg as a slow bolus",
      "Intravenous adrenaline 1 mg (10 mL of 1:10,000) as a rapid bolus",
    ],
    correctIndex: 1,
    explanations: [
      "Antihistamines relieve skin symptoms only; they do not treat airway oedema, bronchospasm or shock and must not delay adrenaline.",
      "IM adrenaline reverses vasodilatation, bronchospasm and mucosal oedema; it is given into the thigh and repeated after 5 minutes if there is no improvement, along with high-flow oxygen, lying flat with legs raised, and IV fluids.",
      "Steroids act too slowly to help in the acute phase and are no longer routinely recommended in the initial treatment.",
      "A 1 mg IV bolus is the cardiac arrest dose; in a patient with a pulse it can cause severe hypertension, arrhythmias and myocardial ischaemia. IV adrenaline infusion is for specialists in refractory cases.",
    ],
    takeaway:
      "Anaphylaxis: IM adrenaline 0.5 mg (adult) into the thigh, repeat after 5 minutes if needed; antihistamines and steroids are not first-line.",
    reference:
      "Resuscitation Council UK: Emergency treatment of anaphylaxis (2021); World Allergy Organization Anaphylaxis Guidance",
    difficulty: "easy",
  },
  {
    id: "emergency-medicine-05",
    topic: "Emergency Medicine",
    tags: [
      "emergency medicine",
      "anaphylaxis",
      "refractory anaphylaxis",
      "beta blocker",
      "atenolol",
      "glucagon",
      "adrenaline",
      "epinephrine",
      "shock",
    ],
    question:
      "A 62-year-old man taking atenolol has anaphylaxis after a wasp sting. Despite two doses of IM adrenaline, high-flow oxygen and 2 L of IV fluid, he remains hypotensive and bradycardic. Which drug is specifically useful because he is on a beta-blocker?",
    options: [
      "A second antihistamine dose",
      "Intravenous propranolol",
      "Intravenous glucagon",
      "Nebulised ipratropium",
    ],
    correctIndex: 2,
    explanations: [
      "Antihistamines do not reverse shock and do not address the beta-blockade.",
      "Further beta-blockade would worsen hypotension, bradycardia and bronchospasm.",
      "Glucagon raises intracellular cAMP through its own receptors, bypassing the blocked beta-receptors, giving positive inotropic and chronotropic effects; it is used in anaphylaxis resistant to adrenaline in beta-blocked patients, alongside an adrenaline infusion under expert care.",
      "Ipratropium may help bronchospasm but does not treat the shock.",
    ],
    takeaway:
      "Anaphylaxis resistant to adrenaline in a patient on a beta-blocker: consider IV glucagon (and an adrenaline infusion).",
    reference:
      "Tintinalli's Emergency Medicine: A Comprehensive Study Guide; World Allergy Organization Anaphylaxis Guidance",
    difficulty: "hard",
  },
  {
    id: "emergency-medicine-06",
    topic: "Emergency Medicine",
    tags: [
      "emergency medicine",
      "shock",
      "types of shock",
      "neurogenic shock",
      "distributive shock",
      "spinal cord injury",
      "cervical spine injury",
      "trauma",
      "bradycardia",
      "hypotension",
    ],
    question:
      "A 28-year-old man falls from a height and has a C5 spinal cord injury with flaccid paralysis of all four limbs. BP is 78/40 mmHg, heart rate 48/min, and his peripheries are warm and dry. There is no external bleeding and FAST is negative. Which type of shock is most likely?",
    options: ["Hypovolaemic shock", "Cardiogenic shock", "Neurogenic shock", "Septic shock"],
    correctIndex: 2,
    explanations: [
      "Haemorrhage causes tachycardia with cold, clammy peripheries; bleeding must still be excluded in every trauma patient, but it does not fit this picture.",
      "Cardiogenic shock causes cold peripheries, raised JVP and pulmonary oedema from pump failure.",
      "Cervical or high thoracic cord injury interrupts sympathetic outflow, causing vasodilatation (warm, dry skin) and unopposed vagal tone (bradycardia). Treat with cautious fluids, vasopressors and atropine for bradycardia.",
      "Septic shock can cause warm peripheries but with fever, tachycardia and a source of infection, not immediately after spinal trauma.",
    ],
    takeaway:
      "Hypotension with bradycardia and warm skin after cord injury above T6 = neurogenic shock; always exclude haemorrhage first.",
    reference:
      "American College of Surgeons, Advanced Trauma Life Support (ATLS) Student Course Manual, 10th ed. (2018)",
    difficulty: "medium",
  },
  {
    id: "emergency-medicine-07",
    topic: "Emergency Medicine",
    tags: [
      "emergency medicine",
      "shock",
      "septic shock",
      "sepsis",
      "vasopressors",
      "noradrenaline",
      "norepinephrine",
      "surviving sepsis campaign",
      "map",
    ],
    question:
      "A 65-year-old woman with pyelonephritis has received antibiotics within the first hour and 30 mL/kg of IV crystalloid. Her mean arterial pressure remains 58 mmHg and lactate is 4.5 mmol/L. What is the most appropriate next step?",
    options: [
      "Start dopamine as the first vasopressor",
      "Start noradrenaline, targeting a MAP of 65 mmHg",
      "Give another 3 L of crystalloid rapidly before considering any vasopressor",
      "Start hydrocortisone alone",
    ],
    correctIndex: 1,
    explanations: [
      "Dopamine causes more arrhythmias than noradrenaline and is not recommended as the first-line vasopressor.",
      "Hypotension persisting after initial fluid is septic shock; noradrenaline is the first-line vasopressor, targeting a MAP of 65 mmHg, and can be started through a peripheral line while central access is arranged.",
      "Further fluid should be guided by reassessment of fluid responsiveness; large fixed volumes risk fluid overload and delay needed vasopressor support.",
      "Hydrocortisone is added for patients who need ongoing vasopressor therapy, not used alone as the first step.",
    ],
    takeaway:
      "Septic shock: early antibiotics, 30 mL/kg crystalloid, then noradrenaline first-line for MAP 65 mmHg or more.",
    reference:
      "Surviving Sepsis Campaign: International Guidelines for Management of Sepsis and Septic Shock (2021)",
    difficulty: "medium",
  },
  {
    id: "emergency-medicine-08",
    topic: "Emergency Medicine",
    tags: [
      "emergency medicine",
      "snakebite",
      "snake bite",
      "envenomation",
      "russell's viper",
      "viper bite",
      "haemotoxic",
      "coagulopathy",
      "20wbct",
      "asv",
      "anti-snake venom",
      "india",
    ],
    question:
      "A 35-year-old farmer was bitten on the foot in a paddy field 3 hours ago. There is painful swelling up to the knee and bleeding from the gums, and blood in a clean glass tube has not clotted at 20 minutes (20-minute whole blood clotting test). What is the most appropriate management under India's snakebite management protocol?",
    options: [
      "Apply a tight tourniquet above the bite, then incise and suck the wound",
      "Give a small subcutaneous test dose of anti-snake venom and continue only if there is no reaction",
      "Give fresh frozen plasma alone and withhold anti-snake venom until a full coagulation profile is back",
      "Give polyvalent anti-snake venom intravenously without a test dose, with adrenaline ready, and repeat the 20WBCT every 6 hours",
    ],
    correctIndex: 3,
    explanations: [
      "Tourniquets, incisions and suction are harmful: they cause ischaemia, infection and bleeding and do not remove venom.",
      "Test doses do not predict reactions and delay treatment; the protocol advises against them, with adrenaline ready to treat any reaction instead.",
      "Clotting factor replacement without neutralising the venom is ineffective because venom keeps consuming factors; ASV is the definitive treatment and the 20WBCT is enough to start it.",
      "An incoagulable 20WBCT signals systemic viper envenomation; Indian polyvalent ASV covers the 'Big Four' (cobra, common krait, Russell's viper, saw-scaled viper). The protocol's initial dose is about 8-10 vials IV, with the 20WBCT repeated 6-hourly and further doses given until the blood clots.",
    ],
    takeaway:
      "Viper bite with non-clotting 20WBCT: polyvalent ASV IV, no test dose, adrenaline at hand, repeat 20WBCT every 6 hours.",
    reference:
      "National Snakebite Management Protocol, Directorate General of Health Services, Ministry of Health and Family Welfare, Government of India (2009)",
    difficulty: "hard",
  },
  {
    id: "emergency-medicine-09",
    topic: "Emergency Medicine",
    tags: [
      "emergency medicine",
      "snakebite",
      "snake bite",
      "first aid",
      "do it right",
      "immobilisation",
      "tourniquet",
      "india",
    ],
    question:
      "A villager has just been bitten on the leg by a snake. Which first-aid advice follows India's snakebite management protocol?",
    options: [
      "Reassure, immobilise the limb like a fracture, get to hospital quickly, and tell the doctor about any symptoms",
      "Tie a tight tourniquet above the bite",
      "Make a cut over the fang marks and suck out the venom",
      "Apply ice and herbal remedies and wait at home to see whether symptoms develop",
    ],
    correctIndex: 0,
    explanations: [
      "This is the 'Do it R.I.G.H.T.' approach: Reassure (most bites are not from venomous snakes or do not inject much venom), Immobilise to slow venom spread, Go to Hospital without delay, and Tell the doctor about symptoms such as ptosis or bleeding.",
      "Tight tourniquets cause limb ischaemia and can cause a sudden surge of venom when released; they are not recommended.",
      "Cutting and sucking does not remove venom and causes bleeding, infection and tissue damage.",
      "Ice, traditional remedies and waiting at home delay ASV; neurotoxic krait bites may be nearly painless yet cause fatal paralysis hours later.",
    ],
    takeaway:
      "Snakebite first aid in India: Do it R.I.G.H.T.; no tourniquets, cuts, suction or ice.",
    reference:
      "National Snakebite Management Protocol, Directorate General of Health Services, Ministry of Health and Family Welfare, Government of India (2009)",
    difficulty: "easy",
  },
  {
    id: "emergency-medicine-10",
    topic: "Emergency Medicine",
    tags: [
      "emergency medicine",
      "poisoning",
      "toxicology",
      "methanol",
      "toxic alcohol",
      "hooch",
      "illicit liquor",
      "fomepizole",
      "alcohol dehydrogenase",
      "high anion gap metabolic acidosis",
      "osmolar gap",
    ],
    question:
      "Several people are brought in after drinking illicit liquor. A 40-year-old man has blurred 'snowfield' vision, vomiting and deep sighing respirations. pH 7.05, HCO3- 5 mmol/L, anion gap 30 and osmolar gap 35. Which treatment directly blocks production of the toxic metabolite?",
    options: ["N-acetylcysteine", "Fomepizole (or ethanol)", "Disulfiram", "Flumazenil"],
    correctIndex: 1,
    explanations: [
      "N-acetylcysteine is the antidote for paracetamol poisoning and has no role in methanol toxicity.",
      "Methanol is converted by alcohol dehydrogenase to formaldehyde and then formic acid, which causes the acidosis and optic nerve damage; fomepizole (or ethanol, which competes for the enzyme) blocks this step. Add bicarbonate, folinic or folic acid, and haemodialysis for severe cases.",
      "Disulfiram inhibits aldehyde dehydrogenase and would not prevent formation of the toxic metabolites; it is used to deter alcohol drinking.",
      "Flumazenil reverses benzodiazepines and is irrelevant here.",
    ],
    takeaway:
      "Methanol: high anion gap acidosis, raised osmolar gap, visual loss; block alcohol dehydrogenase with fomepizole or ethanol, give bicarbonate and folate, dialyse if severe.",
    reference: "Goldfrank's Toxicologic Emergencies; Harrison's Principles of Internal Medicine",
    difficulty: "hard",
  },
  {
    id: "emergency-medicine-11",
    topic: "Emergency Medicine",
    tags: [
      "emergency medicine",
      "triage",
      "mass casualty",
      "mci",
      "start triage",
      "disaster",
      "trauma",
      "polytrauma",
    ],
    question:
      "At a bus crash with many casualties, you are using START triage. A man cannot walk, is breathing at 36/min, has a palpable radial pulse and follows simple commands. Which category should he be assigned?",
    options: ["Immediate (red)", "Delayed (yellow)", "Minor (green)", "Expectant or dead (black)"],
    correctIndex: 0,
    explanations: [
      "In START, a respiratory rate above 30/min places a casualty straight into the immediate category, regardless of other findings.",
      "Delayed is for casualties who cannot walk but breathe at 30/min or less, have adequate perfusion (radial pulse or capillary refill under 2 seconds) and follow commands.",
      "Minor (the 'walking wounded') is for casualties who can walk on their own.",
      "Expectant or dead is for casualties who do not breathe even after the airway is repositioned.",
    ],
    takeaway:
      "START: walking = green; not breathing after airway opening = black; RR > 30, no radial pulse or CRT > 2 s, or cannot follow commands = red; otherwise yellow.",
    reference:
      "Tintinalli's Emergency Medicine: A Comprehensive Study Guide; Rosen's Emergency Medicine",
    difficulty: "medium",
  },
  {
    id: "emergency-medicine-12",
    topic: "Emergency Medicine",
    tags: [
      "emergency medicine",
      "hyperkalaemia",
      "hyperkalemia",
      "ckd",
      "aki",
      "ecg changes",
      "calcium gluconate",
      "insulin dextrose",
      "electrolyte emergency",
    ],
    question:
      "A 60-year-old man with chronic kidney disease has a serum potassium of 7.4 mmol/L. His ECG shows tall peaked T waves, absent P waves and a widened QRS complex. What is the most appropriate first treatment?",
    options: [
      "Oral calcium polystyrene sulfonate to bind potassium in the gut",
      "Intravenous furosemide to increase urinary potassium loss",
      "Nebulised salbutamol alone to shift potassium into cells",
      "Intravenous calcium gluconate to stabilise the myocardium, followed by IV insulin with glucose",
    ],
    correctIndex: 3,
    explanations: [
      "Potassium binders remove potassium from the body but act over hours, far too slowly for a patient with ECG changes.",
      "Loop diuretics increase potassium excretion only if the kidneys respond and act too slowly in an emergency.",
      "Salbutamol shifts potassium into cells and is a useful adjunct, but it does not protect the heart and is less reliable used alone.",
      "IV calcium antagonises the effect of potassium on the cardiac membrane within minutes (it does not lower potassium), and insulin with glucose then shifts potassium into cells; definitive removal (binders, dialysis) follows, with glucose monitoring for hypoglycaemia.",
    ],
    takeaway:
      "Hyperkalaemia with ECG changes: protect the heart (IV calcium), shift potassium into cells (insulin-glucose, salbutamol), then remove it (binders, dialysis).",
    reference:
      "UK Kidney Association (Renal Association) Clinical Practice Guidelines: Treatment of Acute Hyperkalaemia in Adults (2020); Oxford Handbook of Clinical Medicine",
    difficulty: "easy",
  },
  {
    id: "emergency-medicine-13",
    topic: "Emergency Medicine",
    tags: [
      "emergency medicine",
      "burns",
      "inhalation injury",
      "airway burns",
      "smoke inhalation",
      "intubation",
      "carbon monoxide",
      "trauma",
    ],
    question:
      "A 30-year-old man is rescued from a burning house. He has burns to the face and neck, singed nasal hairs, soot in the mouth, a hoarse voice and carbonaceous sputum. SpO2 is 96% on oxygen and he is talking. What is the most appropriate airway management?",
    options: [
      "Early endotracheal intubation by an experienced operator before airway oedema progresses",
      "Observe, and intubate only if stridor develops",
      "Nebulised salbutamol and discharge if SpO2 stays normal",
      "Start Parkland fluid resuscitation first and reassess the airway after 24 hours",
    ],
    correctIndex: 0,
    explanations: [
      "Hoarseness, soot and singed hairs after a burn in an enclosed space indicate inhalation injury; oedema can progress rapidly over hours, especially once fluids start, so the airway should be secured early while intubation is still feasible.",
      "Waiting for stridor risks complete obstruction in an oedematous airway where intubation may become impossible.",
      "SpO2 can be falsely reassuring with carbon monoxide poisoning, and this patient needs admission and airway protection, not discharge.",
      "Fluid resuscitation is needed but comes after the airway; delaying airway assessment for 24 hours is dangerous.",
    ],
    takeaway:
      "Burns with signs of inhalation injury (hoarseness, soot, singed hairs, stridor): secure the airway early; check carboxyhaemoglobin.",
    reference:
      "American College of Surgeons, Advanced Trauma Life Support (ATLS) Student Course Manual, 10th ed. (2018); Bailey & Love's Short Practice of Surgery",
    difficulty: "medium",
  },
];

export default questions;
