import type { BankQuestion } from "../types";

const questions: BankQuestion[] = [
  {
    id: "cardiology-01",
    topic: "Cardiology",
    tags: [
      "cardiology",
      "stemi",
      "mi",
      "myocardial infarction",
      "acs",
      "ecg",
      "inferior mi",
      "coronary anatomy",
      "rca",
    ],
    question:
      "A 58-year-old man presents with 1 hour of crushing central chest pain. His ECG shows ST elevation in leads II, III and aVF with reciprocal ST depression in leads I and aVL. Which coronary artery is most likely occluded?",
    options: [
      "Left anterior descending artery",
      "Left circumflex artery",
      "Right coronary artery",
      "Left main coronary artery",
    ],
    correctIndex: 2,
    explanations: [
      "LAD occlusion produces anterior or anteroseptal ST elevation (V1–V4), not an isolated inferior pattern.",
      "The circumflex supplies the lateral wall (I, aVL, V5–V6) and only sometimes the inferior wall; reciprocal depression in I and aVL argues against a lateral (circumflex) infarct.",
      "The inferior wall is supplied by the RCA in most people (right-dominant circulation), so ST elevation in II, III and aVF with reciprocal change in I and aVL points to the RCA.",
      "Left main occlusion typically causes widespread ST depression with ST elevation in aVR and is often accompanied by shock, not a localised inferior pattern.",
    ],
    takeaway: "Inferior STEMI (II, III, aVF) usually means right coronary artery occlusion.",
    reference:
      "Harrison's Principles of Internal Medicine, 21st ed. (ST-segment elevation myocardial infarction)",
    difficulty: "easy",
  },
  {
    id: "cardiology-02",
    topic: "Cardiology",
    tags: [
      "cardiology",
      "stemi",
      "mi",
      "acs",
      "right ventricular infarction",
      "rv infarct",
      "inferior mi",
      "hypotension",
      "nitrates",
    ],
    question:
      "A 62-year-old man with an inferior STEMI has BP 84/50 mmHg, heart rate 58/min, a raised JVP and clear lung fields. A right-sided ECG shows 1 mm ST elevation in V4R. While urgent reperfusion is being arranged, which immediate measure is most appropriate?",
    options: [
      "Intravenous normal saline bolus with close haemodynamic monitoring",
      "Sublingual glyceryl trinitrate for ongoing pain",
      "Intravenous furosemide for the raised JVP",
      "Intravenous metoprolol to limit infarct size",
    ],
    correctIndex: 0,
    explanations: [
      "Right ventricular infarction makes the RV preload-dependent; hypotension with raised JVP and clear lungs is treated with cautious IV fluid to maintain RV filling (with inotropes if needed) alongside reperfusion.",
      "Nitrates reduce preload and can cause profound hypotension in RV infarction; they are avoided here.",
      "The raised JVP reflects RV failure, not volume overload with pulmonary oedema; a diuretic would reduce preload and worsen hypotension.",
      "Beta-blockers are contraindicated in hypotension, bradycardia or signs of low output, all of which are present.",
    ],
    takeaway:
      "RV infarct = hypotension + raised JVP + clear lungs: give fluids, avoid nitrates and diuretics.",
    reference:
      "ESC Guidelines for the management of acute coronary syndromes, 2023; Oxford Handbook of Clinical Medicine",
    difficulty: "hard",
  },
  {
    id: "cardiology-03",
    topic: "Cardiology",
    tags: [
      "cardiology",
      "stemi",
      "mi",
      "acs",
      "thrombolysis",
      "fibrinolysis",
      "pci",
      "reperfusion",
      "tenecteplase",
    ],
    question:
      "A 55-year-old man reaches a district hospital 2 hours after the onset of chest pain. The ECG shows an anterior STEMI. The nearest PCI-capable centre is about 4 hours away by road, and he has no contraindication to fibrinolysis. What is the best reperfusion strategy?",
    options: [
      "Transfer him for primary PCI, however long the transfer takes",
      "Give aspirin and heparin only and wait for the troponin result before deciding",
      "Observe and arrange elective coronary angiography after 72 hours",
      "Give an IV fibrinolytic (e.g. tenecteplase) promptly, then transfer to a PCI-capable centre",
    ],
    correctIndex: 3,
    explanations: [
      "Primary PCI is preferred only if it can be delivered within about 120 minutes of STEMI diagnosis; a 4-hour transfer exceeds this and loses myocardium.",
      "STEMI is diagnosed clinically and on the ECG; waiting for troponin delays reperfusion and is never required before deciding.",
      "Deferring reperfusion in a patient presenting within 12 hours of symptom onset abandons proven mortality benefit.",
      "When PCI cannot be achieved within 120 minutes, fibrinolysis within 12 hours of symptom onset is recommended (ideally within 10 minutes of diagnosis), followed by transfer for angiography or rescue PCI if reperfusion fails.",
    ],
    takeaway:
      "STEMI with expected PCI delay >120 min: fibrinolyse now, then transfer (pharmaco-invasive strategy).",
    reference: "ESC Guidelines for the management of acute coronary syndromes, 2023",
    difficulty: "medium",
  },
  {
    id: "cardiology-04",
    topic: "Cardiology",
    tags: [
      "cardiology",
      "mi",
      "stemi",
      "acs",
      "post mi complications",
      "ventricular septal rupture",
      "vsd",
      "murmur",
      "mechanical complications",
    ],
    question:
      "Five days after an anterior STEMI, a 66-year-old woman suddenly becomes hypotensive and breathless. A new harsh pansystolic murmur with a thrill is heard at the left lower sternal border. Right heart catheterisation shows a step-up in oxygen saturation between the right atrium and the right ventricle. What is the most likely diagnosis?",
    options: [
      "Papillary muscle rupture",
      "Ventricular septal rupture",
      "Left ventricular free wall rupture",
      "Dressler syndrome",
    ],
    correctIndex: 1,
    explanations: [
      "Papillary muscle rupture causes acute mitral regurgitation (apical murmur, often soft, with large v waves on the wedge trace) but no oxygen step-up in the right heart.",
      "A left-to-right shunt through a ruptured septum raises the oxygen saturation of blood in the right ventricle; a new harsh pansystolic murmur with a thrill at the left sternal edge 3–5 days after MI is classic.",
      "Free wall rupture causes haemopericardium and tamponade, often with pulseless electrical activity, not a new murmur or an oxygen step-up.",
      "Dressler syndrome is an autoimmune pericarditis weeks after MI, presenting with pleuritic pain, fever and a friction rub, not acute shock with a shunt.",
    ],
    takeaway: "New pansystolic murmur + O2 step-up RA→RV after MI = ventricular septal rupture.",
    reference:
      "Harrison's Principles of Internal Medicine, 21st ed. (ST-segment elevation myocardial infarction)",
    difficulty: "hard",
  },
  {
    id: "cardiology-05",
    topic: "Cardiology",
    tags: [
      "cardiology",
      "heart failure",
      "hfref",
      "chf",
      "ccf",
      "diuretics",
      "pharmacology",
      "sglt2 inhibitors",
      "arni",
    ],
    question:
      "A 64-year-old woman has heart failure with reduced ejection fraction (LVEF 30%), NYHA class II. Which of the following drugs relieves congestion but has NOT been shown to reduce mortality in HFrEF?",
    options: ["Sacubitril-valsartan", "Bisoprolol", "Dapagliflozin", "Furosemide"],
    correctIndex: 3,
    explanations: [
      "The ARNI sacubitril-valsartan reduced cardiovascular death and heart failure hospitalisation compared with enalapril (PARADIGM-HF).",
      "Evidence-based beta-blockers (bisoprolol, carvedilol, metoprolol succinate) reduce mortality in HFrEF.",
      "SGLT2 inhibitors (dapagliflozin, empagliflozin) reduce cardiovascular death or heart failure hospitalisation and are one of the four pillars of HFrEF therapy.",
      "Loop diuretics relieve congestion and symptoms, but no trial has shown that they reduce mortality; they are used at the lowest dose that keeps the patient euvolaemic.",
    ],
    takeaway:
      "HFrEF pillars (ARNI/ACEi, beta-blocker, MRA, SGLT2i) save lives; loop diuretics only relieve symptoms.",
    reference:
      "ESC Guidelines for the diagnosis and treatment of acute and chronic heart failure, 2021",
    difficulty: "easy",
  },
  {
    id: "cardiology-06",
    topic: "Cardiology",
    tags: [
      "cardiology",
      "af",
      "atrial fibrillation",
      "cha2ds2-vasc",
      "stroke prevention",
      "anticoagulation",
      "doac",
      "noac",
    ],
    question:
      "A 76-year-old man with treated hypertension and a transient ischaemic attack 2 years ago is found to have non-valvular atrial fibrillation. He has no heart failure, diabetes or vascular disease. What is his CHA2DS2-VASc score?",
    options: ["3", "4", "5", "6"],
    correctIndex: 2,
    explanations: [
      "A score of 3 counts age and prior TIA as 1 point each; both actually score 2.",
      "A score of 4 undercounts one item, usually scoring age ≥75 as 1 point instead of 2.",
      "Hypertension 1 + age ≥75 years 2 + prior stroke/TIA 2 = 5; he is male, so no sex point. Oral anticoagulation (preferably a DOAC) is clearly indicated.",
      "A score of 6 would require an extra point, e.g. female sex, heart failure, diabetes or vascular disease, none of which he has.",
    ],
    takeaway: "CHA2DS2-VASc: age ≥75 and stroke/TIA score 2 each; everything else scores 1.",
    reference:
      "ESC Guidelines for the management of atrial fibrillation, 2020 (the 2024 update uses CHA2DS2-VA, which gives the same score for a man)",
    difficulty: "medium",
  },
  {
    id: "cardiology-07",
    topic: "Cardiology",
    tags: [
      "cardiology",
      "hypertension",
      "htn",
      "hypertensive emergency",
      "malignant hypertension",
      "blood pressure",
      "labetalol",
    ],
    question:
      "A 50-year-old man has BP 230/130 mmHg, headache, confusion, bilateral papilloedema and a rising creatinine. There is no aortic dissection, pre-eclampsia or phaeochromocytoma. What is the appropriate initial approach to lowering his blood pressure?",
    options: [
      "IV titratable agent (e.g. labetalol or nicardipine) aiming to lower blood pressure by no more than about 25% in the first hour",
      "Lower BP to below 140/90 mmHg within the first hour with IV boluses",
      "Sublingual nifedipine capsule for rapid reduction",
      "Oral amlodipine and review in the outpatient clinic in one week",
    ],
    correctIndex: 0,
    explanations: [
      "Hypertensive emergency with organ damage needs controlled IV therapy in a monitored bed; cerebral and renal autoregulation are reset, so BP is lowered by no more than about 25% in the first hour, to about 160/100 mmHg over the next 2–6 hours, and towards normal over 24–48 hours.",
      "Rapid normalisation can drop perfusion below the reset autoregulatory range and cause stroke, myocardial ischaemia or worsening renal failure.",
      "Sublingual immediate-release nifedipine causes unpredictable, precipitous falls in BP and is no longer used.",
      "This is an emergency with encephalopathy and acute kidney injury; oral therapy with delayed review is unsafe.",
    ],
    takeaway:
      "Hypertensive emergency: IV titratable drug, lower BP by ≤25% in the first hour, not to normal.",
    reference:
      "ACC/AHA Guideline for the Prevention, Detection, Evaluation and Management of High Blood Pressure in Adults, 2017",
    difficulty: "medium",
  },
  {
    id: "cardiology-08",
    topic: "Cardiology",
    tags: [
      "cardiology",
      "valvular heart disease",
      "aortic stenosis",
      "as",
      "murmur",
      "syncope",
      "angina",
      "ejection systolic murmur",
    ],
    question:
      "A 72-year-old man has exertional chest pain and has fainted twice while climbing stairs. He has a slow-rising, low-volume pulse and a harsh ejection systolic murmur at the right second intercostal space radiating to the carotids, with a soft single second heart sound. What is the most likely diagnosis?",
    options: [
      "Hypertrophic obstructive cardiomyopathy",
      "Aortic stenosis",
      "Mitral regurgitation",
      "Aortic regurgitation",
    ],
    correctIndex: 1,
    explanations: [
      "HOCM gives a jerky, brisk pulse and an ejection murmur at the left sternal edge that increases with Valsalva and does not typically radiate to the carotids.",
      "Angina, syncope and breathlessness on exertion with a slow-rising pulse, carotid-radiating ejection systolic murmur and soft A2 are classic of severe calcific aortic stenosis.",
      "Mitral regurgitation causes an apical pansystolic murmur radiating to the axilla with a normal-volume pulse.",
      "Aortic regurgitation causes an early diastolic murmur at the left sternal edge and a collapsing (water-hammer) pulse with wide pulse pressure.",
    ],
    takeaway:
      "Angina + syncope + dyspnoea with slow-rising pulse and carotid-radiating ESM = aortic stenosis.",
    reference:
      "Davidson's Principles and Practice of Medicine, 24th ed. (Cardiology: valvular heart disease)",
    difficulty: "easy",
  },
  {
    id: "cardiology-09",
    topic: "Cardiology",
    tags: [
      "cardiology",
      "mitral stenosis",
      "ms",
      "rheumatic heart disease",
      "rhd",
      "valvular heart disease",
      "opening snap",
      "auscultation",
    ],
    question:
      "A 28-year-old woman has rheumatic mitral stenosis. Which auscultatory finding best indicates that the stenosis is severe?",
    options: [
      "A loud first heart sound",
      "The presence of an opening snap",
      "A loud (high-intensity) mid-diastolic murmur",
      "A short interval between A2 and the opening snap",
    ],
    correctIndex: 3,
    explanations: [
      "A loud S1 reflects pliable leaflets that are still widely open at the onset of systole; it indicates mobility, not severity.",
      "An opening snap shows the leaflets are still mobile; its presence alone does not grade severity, and it disappears when the valve becomes heavily calcified.",
      "The intensity of the murmur correlates poorly with severity; it is the duration of the murmur that lengthens as stenosis worsens.",
      "Higher left atrial pressure in severe MS forces the valve open earlier after aortic valve closure, so the A2–OS interval shortens as severity increases.",
    ],
    takeaway:
      "In mitral stenosis, the shorter the A2–opening snap interval (and the longer the murmur), the more severe the stenosis.",
    reference: "Harrison's Principles of Internal Medicine, 21st ed. (Mitral valve disease)",
    difficulty: "hard",
  },
  {
    id: "cardiology-10",
    topic: "Cardiology",
    tags: [
      "cardiology",
      "infective endocarditis",
      "ie",
      "ivdu",
      "tricuspid valve",
      "staphylococcus aureus",
      "septic emboli",
    ],
    question:
      "A 26-year-old man who injects heroin has 10 days of high fever. He has a pansystolic murmur at the left lower sternal border that increases with inspiration, and his chest X-ray shows multiple patchy, partly cavitating opacities. Which organism is most likely responsible?",
    options: [
      "Viridans group streptococci",
      "Enterococcus faecalis",
      "Staphylococcus aureus",
      "HACEK group organisms",
    ],
    correctIndex: 2,
    explanations: [
      "Viridans streptococci cause subacute endocarditis on previously damaged left-sided valves, often after dental procedures, not acute right-sided disease in drug users.",
      "Enterococci cause endocarditis mainly in older patients after genitourinary or gastrointestinal procedures.",
      "Tricuspid endocarditis (murmur louder on inspiration) with septic pulmonary emboli in a person who injects drugs is most often due to Staphylococcus aureus from the skin.",
      "HACEK organisms are uncommon, slow-growing causes of culture-negative or subacute endocarditis, not the typical cause in injecting drug users.",
    ],
    takeaway:
      "Injecting drug use + tricuspid endocarditis + septic lung emboli = Staphylococcus aureus.",
    reference:
      "ESC Guidelines for the management of endocarditis, 2023; Harrison's Principles of Internal Medicine, 21st ed.",
    difficulty: "easy",
  },
  {
    id: "cardiology-11",
    topic: "Cardiology",
    tags: [
      "cardiology",
      "infective endocarditis",
      "ie",
      "streptococcus gallolyticus",
      "streptococcus bovis",
      "colorectal cancer",
      "colonoscopy",
    ],
    question:
      "A 68-year-old man is diagnosed with infective endocarditis of the aortic valve. Blood cultures grow Streptococcus gallolyticus (formerly S. bovis biotype I). Apart from antibiotic treatment, which investigation is most important?",
    options: [
      "Colonoscopy",
      "Dental orthopantomogram",
      "Cystoscopy",
      "Nasal swab for MRSA carriage",
    ],
    correctIndex: 0,
    explanations: [
      "Streptococcus gallolyticus bacteraemia or endocarditis is strongly associated with colorectal adenomas and carcinoma, so colonoscopy is recommended.",
      "Dental assessment looks for a source of viridans streptococci; it does not address the colonic lesion associated with S. gallolyticus.",
      "A urological source is sought with enterococcal endocarditis after genitourinary instrumentation, not with S. gallolyticus.",
      "MRSA screening is relevant to staphylococcal infection and infection control, not to this streptococcus.",
    ],
    takeaway:
      "Streptococcus gallolyticus (bovis) endocarditis: look for colorectal cancer with colonoscopy.",
    reference: "ESC Guidelines for the management of endocarditis, 2023",
    difficulty: "hard",
  },
  {
    id: "cardiology-12",
    topic: "Cardiology",
    tags: [
      "cardiology",
      "ecg",
      "heart block",
      "av block",
      "mobitz",
      "wenckebach",
      "second degree heart block",
      "arrhythmia",
    ],
    question:
      "An asymptomatic 30-year-old athlete has a rhythm strip in which the PR interval gets progressively longer with each beat until a P wave is not followed by a QRS complex; the cycle then repeats. What is this rhythm?",
    options: [
      "First-degree AV block",
      "Second-degree AV block, Mobitz type I (Wenckebach)",
      "Second-degree AV block, Mobitz type II",
      "Third-degree (complete) AV block",
    ],
    correctIndex: 1,
    explanations: [
      "First-degree block is a fixed PR interval longer than 200 ms with every P wave conducted; no beats are dropped.",
      "Progressive PR prolongation ending in a dropped beat is Mobitz I; the block is usually in the AV node and is often benign, e.g. with high vagal tone in athletes or during sleep.",
      "Mobitz II has a constant PR interval with sudden non-conducted P waves; it is usually infranodal and carries a risk of complete heart block, so pacing is generally indicated.",
      "In complete heart block no P waves are conducted; P waves and QRS complexes are completely dissociated.",
    ],
    takeaway:
      "Lengthening PR then a dropped beat = Mobitz I (Wenckebach); constant PR with sudden drops = Mobitz II.",
    reference: "Oxford Handbook of Clinical Medicine, 10th ed. (Cardiovascular medicine: ECG)",
    difficulty: "medium",
  },
  {
    id: "cardiology-13",
    topic: "Cardiology",
    tags: [
      "cardiology",
      "rheumatic fever",
      "arf",
      "rheumatic heart disease",
      "rhd",
      "jones criteria",
      "sydenham chorea",
      "streptococcus",
    ],
    question:
      "According to the revised Jones criteria (AHA, 2015), which manifestation of acute rheumatic fever may be enough for the diagnosis on its own, even when evidence of preceding group A streptococcal infection is lacking?",
    options: [
      "Migratory polyarthritis",
      "Erythema marginatum",
      "Sydenham chorea",
      "Subcutaneous nodules",
    ],
    correctIndex: 2,
    explanations: [
      "Polyarthritis is a major criterion but, like other manifestations, needs evidence of recent streptococcal infection and another major or two minor criteria.",
      "Erythema marginatum is a major criterion but is never diagnostic on its own and needs evidence of recent streptococcal infection.",
      "Chorea appears after a long latent period (often months), when other features and antistreptococcal antibodies may have subsided, so it can establish the diagnosis by itself once other causes are excluded (indolent carditis is the other exception).",
      "Subcutaneous nodules are a major criterion that usually accompany carditis; they are not sufficient alone.",
    ],
    takeaway:
      "Sydenham chorea (and indolent carditis) can diagnose rheumatic fever without proof of recent strep infection.",
    reference:
      "AHA Scientific Statement: Revision of the Jones Criteria for the Diagnosis of Acute Rheumatic Fever, 2015",
    difficulty: "hard",
  },
];

export default questions;
