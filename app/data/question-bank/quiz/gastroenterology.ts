import type { BankQuestion } from "../types";

const questions: BankQuestion[] = [
  {
    id: "gastroenterology-01",
    topic: "Gastroenterology and Hepatology",
    tags: [
      "gastroenterology",
      "hepatology",
      "gi bleed",
      "ugib",
      "upper gi bleed",
      "variceal bleeding",
      "oesophageal varices",
      "esophageal varices",
      "cirrhosis",
      "portal hypertension",
      "terlipressin",
    ],
    question:
      "A 50-year-old man with known alcohol-related cirrhosis presents with a large haematemesis; BP 90/60 mmHg, heart rate 120/min. After IV access and cautious resuscitation, which is the most appropriate management before and alongside endoscopy?",
    options: [
      "IV pantoprazole infusion alone until endoscopy",
      "IV terlipressin (or octreotide) plus prophylactic IV ceftriaxone, with endoscopic band ligation within 12 hours",
      "IV propranolol to lower portal pressure",
      "Generous saline and blood to bring haemoglobin above 10 g/dL and BP to normal",
    ],
    correctIndex: 1,
    explanations: [
      "Acid suppression does not treat a variceal bleed; it is the key drug for peptic ulcer bleeding.",
      "Suspected variceal bleeding is treated with a vasoactive drug (terlipressin, somatostatin or octreotide) started early, short-course antibiotic prophylaxis (reduces infection, rebleeding and death) and endoscopic band ligation within 12 hours.",
      "Non-selective beta-blockers are for primary and secondary prophylaxis of variceal bleeding; they are withheld during an acute bleed with hypotension.",
      "Over-transfusion and over-expansion raise portal pressure and increase rebleeding; a restrictive strategy (transfuse at Hb about 7 g/dL, target 7–8 g/dL) is recommended.",
    ],
    takeaway:
      "Variceal bleed: vasoactive drug + antibiotic prophylaxis + band ligation within 12 h; restrictive transfusion.",
    reference: "Baveno VII Consensus: Renewing consensus in portal hypertension, 2022",
    difficulty: "medium",
  },
  {
    id: "gastroenterology-02",
    topic: "Gastroenterology and Hepatology",
    tags: [
      "gastroenterology",
      "gi bleed",
      "ugib",
      "upper gi bleed",
      "peptic ulcer bleeding",
      "pud",
      "blood transfusion",
      "melaena",
    ],
    question:
      "A 45-year-old man with melaena from a duodenal ulcer is now haemodynamically stable after IV fluids (HR 92/min, BP 118/74 mmHg). He has no cardiovascular disease. His haemoglobin is 8.2 g/dL. What is the recommended red cell transfusion strategy?",
    options: [
      "Restrictive: transfuse if Hb falls below 7 g/dL, aiming for 7–9 g/dL",
      "Transfuse now to keep Hb above 10 g/dL",
      "Transfuse only if Hb falls below 5 g/dL",
      "Transfuse red cells with fresh frozen plasma in a 1:1 ratio",
    ],
    correctIndex: 0,
    explanations: [
      "In stable patients with acute upper GI bleeding, a restrictive threshold of about 7 g/dL (target 7–9 g/dL) reduced rebleeding and mortality compared with a liberal strategy; those with cardiovascular disease use a higher threshold (about 8 g/dL).",
      "A liberal threshold of 9–10 g/dL was associated with more rebleeding and higher mortality in trials, especially in cirrhosis.",
      "Waiting until Hb is below 5 g/dL exposes the patient to myocardial ischaemia and is not recommended.",
      "Fixed-ratio plasma transfusion belongs to massive haemorrhage protocols; it is not needed in a stable patient without coagulopathy.",
    ],
    takeaway:
      "Stable UGI bleed: transfuse at Hb <7 g/dL (target 7–9); use ~8 g/dL if cardiovascular disease.",
    reference:
      "ESGE Guideline: Endoscopic diagnosis and management of nonvariceal upper gastrointestinal hemorrhage, 2021",
    difficulty: "medium",
  },
  {
    id: "gastroenterology-03",
    topic: "Gastroenterology and Hepatology",
    tags: [
      "gastroenterology",
      "h pylori",
      "helicobacter pylori",
      "pud",
      "peptic ulcer",
      "duodenal ulcer",
      "urea breath test",
      "eradication",
    ],
    question:
      "A 40-year-old woman has completed 14 days of Helicobacter pylori eradication therapy for a duodenal ulcer. What is the best way to confirm eradication?",
    options: [
      "H. pylori IgG serology 2 weeks after finishing treatment",
      "Rapid urease test on biopsies while she continues her PPI",
      "Urea breath test at least 4 weeks after antibiotics, with the PPI stopped 2 weeks before",
      "No test is needed if her symptoms have resolved",
    ],
    correctIndex: 2,
    explanations: [
      "IgG antibodies persist for months to years after cure, so serology cannot confirm eradication.",
      "PPIs suppress H. pylori and cause false-negative urease, breath and stool tests; they should be stopped for 2 weeks before testing.",
      "The urea breath test (or a monoclonal stool antigen test) is the preferred non-invasive test of cure, done at least 4 weeks after antibiotics and 2 weeks off PPI to avoid false negatives.",
      "Symptom resolution does not prove eradication; persistent infection carries a risk of ulcer recurrence and bleeding, and eradication failure is common because of antibiotic resistance.",
    ],
    takeaway:
      "Test of H. pylori cure: urea breath or stool antigen test ≥4 weeks after antibiotics and ≥2 weeks off PPI.",
    reference:
      "Maastricht VI/Florence Consensus Report on the management of Helicobacter pylori infection, 2022",
    difficulty: "medium",
  },
  {
    id: "gastroenterology-04",
    topic: "Gastroenterology and Hepatology",
    tags: [
      "gastroenterology",
      "pud",
      "peptic ulcer",
      "zollinger-ellison syndrome",
      "zes",
      "gastrinoma",
      "men1",
      "hypergastrinaemia",
    ],
    question:
      "A 42-year-old man has recurrent duodenal ulcers despite PPI therapy, a jejunal ulcer and chronic diarrhoea. He is H. pylori-negative and takes no NSAIDs. Fasting serum gastrin is markedly raised while gastric pH is below 2. His mother had surgery for hyperparathyroidism. What is the most likely diagnosis?",
    options: [
      "Pernicious anaemia",
      "Surreptitious PPI use causing hypergastrinaemia",
      "Helicobacter pylori antral gastritis",
      "Gastrinoma (Zollinger–Ellison syndrome) as part of MEN1",
    ],
    correctIndex: 3,
    explanations: [
      "Pernicious anaemia causes high gastrin because of achlorhydria (gastric pH high), and it does not cause peptic ulcers.",
      "PPIs raise gastrin by suppressing acid, so gastric pH would be high; inappropriately high gastrin with very acidic gastric contents is the clue to a gastrinoma.",
      "H. pylori gastritis can mildly raise gastrin, but he is H. pylori-negative, and it does not cause jejunal ulcers or this degree of hypergastrinaemia.",
      "Refractory, multiple or distal (jejunal) ulcers with diarrhoea and a high gastrin despite acid pH indicate a gastrinoma; a family history of hyperparathyroidism suggests MEN1, present in about a quarter of cases.",
    ],
    takeaway:
      "Refractory or jejunal ulcers + diarrhoea + high gastrin with low gastric pH = Zollinger–Ellison; think MEN1.",
    reference:
      "Harrison's Principles of Internal Medicine, 21st ed. (Peptic ulcer disease and related disorders)",
    difficulty: "hard",
  },
  {
    id: "gastroenterology-05",
    topic: "Gastroenterology and Hepatology",
    tags: [
      "gastroenterology",
      "hepatology",
      "cirrhosis",
      "ascites",
      "sbp",
      "spontaneous bacterial peritonitis",
      "paracentesis",
      "cefotaxime",
      "albumin",
    ],
    question:
      "A 55-year-old man with cirrhosis and ascites has fever and mild diffuse abdominal tenderness. Diagnostic paracentesis shows an ascitic neutrophil count of 380 cells/mm³; the culture is pending. What is the next step?",
    options: [
      "Start an IV third-generation cephalosporin (e.g. cefotaxime) now, with IV albumin",
      "Wait for the ascitic culture result before starting antibiotics",
      "Urgent laparotomy for suspected bowel perforation",
      "Large-volume paracentesis to dryness",
    ],
    correctIndex: 0,
    explanations: [
      "An ascitic neutrophil count of ≥250 cells/mm³ diagnoses spontaneous bacterial peritonitis; empirical IV third-generation cephalosporin is started at once, and IV albumin reduces hepatorenal syndrome and mortality.",
      "Culture is often negative (culture-negative neutrocytic ascites) and treatment should not be delayed; the neutrocyte count alone is the trigger.",
      "Secondary peritonitis from a perforation is suspected with very high neutrophil counts, polymicrobial Gram stain, low ascitic glucose, high LDH or free air; nothing here suggests it.",
      "Large-volume paracentesis does not treat the infection and, without albumin, risks circulatory dysfunction and renal failure.",
    ],
    takeaway:
      "Ascitic neutrophils ≥250/mm³ = SBP: cefotaxime (third-gen cephalosporin) + albumin, don't wait for culture.",
    reference:
      "EASL Clinical Practice Guidelines for the management of patients with decompensated cirrhosis, 2018",
    difficulty: "easy",
  },
  {
    id: "gastroenterology-06",
    topic: "Gastroenterology and Hepatology",
    tags: [
      "gastroenterology",
      "hepatology",
      "ascites",
      "saag",
      "serum ascites albumin gradient",
      "portal hypertension",
      "cirrhosis",
      "paracentesis",
    ],
    question:
      "A 48-year-old woman has new ascites. Ascitic fluid albumin is 1.0 g/dL and total protein 1.2 g/dL; serum albumin on the same day is 2.8 g/dL. What is the most likely cause?",
    options: [
      "Tuberculous peritonitis",
      "Peritoneal carcinomatosis",
      "Cirrhosis with portal hypertension",
      "Pancreatic ascites",
    ],
    correctIndex: 2,
    explanations: [
      "Tuberculous peritonitis gives a low SAAG (<1.1 g/dL) with high protein and lymphocytes, because fluid comes from inflamed peritoneum rather than portal hypertension.",
      "Peritoneal carcinomatosis gives a low SAAG exudative ascites, often with positive cytology.",
      "SAAG = 2.8 − 1.0 = 1.8 g/dL (≥1.1) indicates portal hypertension, and a low ascitic protein (<2.5 g/dL) points to cirrhosis rather than cardiac ascites or Budd–Chiari syndrome.",
      "Pancreatic ascites has a low SAAG and a very high ascitic amylase.",
    ],
    takeaway:
      "SAAG ≥1.1 g/dL = portal hypertension; with ascitic protein <2.5 g/dL it is usually cirrhosis.",
    reference:
      "AASLD Practice Guidance: Diagnosis, Evaluation, and Management of Ascites, SBP and Hepatorenal Syndrome, 2021",
    difficulty: "medium",
  },
  {
    id: "gastroenterology-07",
    topic: "Gastroenterology and Hepatology",
    tags: [
      "gastroenterology",
      "hepatology",
      "hepatitis b",
      "hbv",
      "hbsag",
      "anti-hbc",
      "viral hepatitis",
      "serology",
      "window period",
    ],
    question:
      "A 30-year-old man had an episode of acute hepatitis 10 weeks ago and is now recovering. His tests show: HBsAg negative, anti-HBs negative, IgM anti-HBc positive. How should these results be interpreted?",
    options: [
      "Immunity from hepatitis B vaccination",
      "Window period of acute hepatitis B infection",
      "Chronic hepatitis B infection",
      "Never infected with hepatitis B; the IgM result is a false positive",
    ],
    correctIndex: 1,
    explanations: [
      "Vaccination produces anti-HBs only; anti-HBc (which targets the core antigen, absent from the vaccine) is negative.",
      "After HBsAg is cleared but before anti-HBs is detectable, IgM anti-HBc may be the only marker of recent acute infection; this is the window period, and the patient is usually recovering.",
      "Chronic hepatitis B requires HBsAg persisting for more than 6 months, with IgG (not IgM) anti-HBc.",
      "In someone with a recent acute hepatitis, an isolated IgM anti-HBc is the expected finding of the window period, not a false positive.",
    ],
    takeaway: "HBsAg−, anti-HBs−, IgM anti-HBc+ = window period of acute hepatitis B.",
    reference: "Harrison's Principles of Internal Medicine, 21st ed. (Acute viral hepatitis)",
    difficulty: "hard",
  },
  {
    id: "gastroenterology-08",
    topic: "Gastroenterology and Hepatology",
    tags: [
      "gastroenterology",
      "hepatology",
      "hepatitis c",
      "hcv",
      "anti-hcv",
      "hcv rna",
      "viral hepatitis",
      "daa",
      "nvhcp",
    ],
    question:
      "A 32-year-old blood donor is found to be anti-HCV antibody positive. He is well and his ALT is normal. What is the next step?",
    options: [
      "Start sofosbuvir–velpatasvir immediately",
      "Reassure him that the antibody means he is immune",
      "Liver biopsy to stage fibrosis",
      "Test HCV RNA by PCR to confirm current infection",
    ],
    correctIndex: 3,
    explanations: [
      "Direct-acting antivirals are given only after current (viraemic) infection is confirmed; some antibody-positive people have cleared the virus.",
      "Anti-HCV is not protective; it persists after spontaneous clearance and is also present in chronic infection, so it cannot be read as immunity.",
      "Fibrosis is assessed non-invasively (e.g. APRI, FIB-4, elastography); biopsy is rarely needed and is not the next step.",
      "About a quarter or more of infected people clear HCV spontaneously, so a positive antibody must be followed by HCV RNA (or core antigen) to confirm active infection before treatment.",
    ],
    takeaway: "Anti-HCV positive → confirm viraemia with HCV RNA before treating with DAAs.",
    reference:
      "WHO Guidelines for the care and treatment of persons diagnosed with chronic hepatitis C virus infection, 2018; National Viral Hepatitis Control Programme (India) guidelines",
    difficulty: "easy",
  },
  {
    id: "gastroenterology-09",
    topic: "Gastroenterology and Hepatology",
    tags: [
      "gastroenterology",
      "pancreatitis",
      "acute pancreatitis",
      "fluid resuscitation",
      "ringer lactate",
      "lipase",
      "amylase",
      "enteral nutrition",
    ],
    question:
      "A 40-year-old man has acute pancreatitis (typical epigastric pain radiating to the back, lipase 8 times the upper limit of normal). HR 105/min, BP 118/76 mmHg, no organ failure. Which measure is recommended in the first 24 hours?",
    options: [
      "Prophylactic IV imipenem to prevent infected necrosis",
      "Keep him nil by mouth until the lipase normalises",
      "Contrast-enhanced CT abdomen within 6 hours of admission",
      "Goal-directed, moderate IV fluid (e.g. Ringer's lactate) and early oral feeding as tolerated",
    ],
    correctIndex: 3,
    explanations: [
      "Prophylactic antibiotics do not prevent infected necrosis or death and are not recommended; antibiotics are for proven or strongly suspected infection.",
      "Early oral or enteral feeding (within 24–72 hours as tolerated) is safe and reduces infections; prolonged fasting is no longer advised, and lipase level does not guide feeding.",
      "The diagnosis is already made clinically and biochemically; early CT adds little and necrosis is best assessed 72 hours or more after onset, or if the patient deteriorates.",
      "Early goal-directed, moderate (not aggressive) crystalloid, preferably Ringer's lactate, plus early feeding is standard; aggressive fluids caused more fluid overload without benefit.",
    ],
    takeaway:
      "Acute pancreatitis: moderate goal-directed Ringer's lactate, early feeding, no prophylactic antibiotics.",
    reference:
      "American College of Gastroenterology Guideline: Management of Acute Pancreatitis, 2024",
    difficulty: "medium",
  },
  {
    id: "gastroenterology-10",
    topic: "Gastroenterology and Hepatology",
    tags: [
      "gastroenterology",
      "ibd",
      "inflammatory bowel disease",
      "crohn's disease",
      "crohns",
      "ulcerative colitis",
      "uc",
      "granuloma",
      "histopathology",
    ],
    question:
      "In a young adult with chronic diarrhoea and abdominal pain, which finding favours Crohn's disease over ulcerative colitis?",
    options: [
      "Continuous inflammation extending proximally from the rectum",
      "Positive perinuclear ANCA (pANCA)",
      "Non-caseating granulomas with transmural inflammation",
      "Inflammation confined to the mucosa with crypt abscesses",
    ],
    correctIndex: 2,
    explanations: [
      "Continuous involvement starting at the rectum is the pattern of ulcerative colitis; Crohn's is patchy with skip lesions and often spares the rectum.",
      "pANCA is more often positive in ulcerative colitis; ASCA positivity favours Crohn's disease.",
      "Transmural inflammation (causing fistulae and strictures) and non-caseating granulomas are characteristic of Crohn's disease.",
      "Mucosal-only inflammation with crypt abscesses is typical of ulcerative colitis.",
    ],
    takeaway:
      "Crohn's: skip lesions, transmural, granulomas, fistulae; UC: continuous from rectum, mucosal.",
    reference:
      "Robbins and Cotran Pathologic Basis of Disease, 10th ed. (The gastrointestinal tract)",
    difficulty: "easy",
  },
  {
    id: "gastroenterology-11",
    topic: "Gastroenterology and Hepatology",
    tags: [
      "gastroenterology",
      "ibd",
      "crohn's disease",
      "crohns",
      "intestinal tuberculosis",
      "abdominal tb",
      "itb",
      "tb",
      "ileocaecal",
    ],
    question:
      "A 28-year-old man from Uttar Pradesh has ileocaecal inflammation with weight loss and fever. Both Crohn's disease and intestinal tuberculosis are being considered. Which finding most strongly favours intestinal tuberculosis?",
    options: [
      "Large, confluent caseating granulomas on mucosal biopsy",
      "Longitudinal ulcers with a cobblestone appearance",
      "Perianal fistulae",
      "Skip lesions with aphthous ulcers in the colon",
    ],
    correctIndex: 0,
    explanations: [
      "Caseating, large and confluent granulomas (often with acid-fast bacilli or a positive TB NAAT or culture) favour tuberculosis; Crohn's granulomas are small, sparse and non-caseating.",
      "Longitudinal ulcers and cobblestoning favour Crohn's disease; tuberculous ulcers are typically transverse or circumferential.",
      "Perianal disease, including fistulae, is much more typical of Crohn's disease.",
      "Skip lesions and aphthous ulcers favour Crohn's disease; intestinal TB usually involves a shorter ileocaecal segment, often with a patulous ileocaecal valve.",
    ],
    takeaway:
      "ITB vs Crohn's: caseating confluent granulomas, transverse ulcers, patulous ileocaecal valve favour TB.",
    reference:
      "Harrison's Principles of Internal Medicine, 21st ed. (Inflammatory bowel disease; Tuberculosis)",
    difficulty: "hard",
  },
  {
    id: "gastroenterology-12",
    topic: "Gastroenterology and Hepatology",
    tags: [
      "gastroenterology",
      "gerd",
      "gord",
      "reflux",
      "heartburn",
      "dysphagia",
      "alarm features",
      "red flags",
      "endoscopy",
      "oesophageal cancer",
    ],
    question:
      "A 58-year-old man with a year of heartburn now has progressive difficulty swallowing solid food and has lost 6 kg. What is the most appropriate next step?",
    options: [
      "An 8-week trial of a proton pump inhibitor and review",
      "Upper GI endoscopy with biopsy",
      "24-hour oesophageal pH monitoring",
      "Laparoscopic fundoplication",
    ],
    correctIndex: 1,
    explanations: [
      "An empirical PPI trial is appropriate only for typical reflux without alarm features; here it could delay diagnosis of cancer or stricture.",
      "Progressive dysphagia and weight loss are alarm features that need prompt endoscopy with biopsy to exclude oesophageal or gastric cancer, peptic stricture and Barrett's oesophagus.",
      "pH monitoring is used to confirm reflux in PPI-refractory or atypical cases once structural disease is excluded, not as the first test for dysphagia.",
      "Anti-reflux surgery is considered only after proven reflux disease and exclusion of other pathology.",
    ],
    takeaway:
      "Reflux with dysphagia, weight loss, bleeding, anaemia or vomiting: endoscopy first, not a PPI trial.",
    reference:
      "ACG Clinical Guideline for the Diagnosis and Management of Gastroesophageal Reflux Disease, 2022",
    difficulty: "easy",
  },
  {
    id: "gastroenterology-13",
    topic: "Gastroenterology and Hepatology",
    tags: [
      "gastroenterology",
      "hepatology",
      "lft",
      "liver function tests",
      "jaundice",
      "bilirubin",
      "unconjugated hyperbilirubinaemia",
      "gilbert syndrome",
    ],
    question:
      "A 20-year-old student notices yellow eyes after fasting during exams. Serum bilirubin is 3.2 mg/dL, almost all unconjugated; ALT, AST and ALP are normal, and haemoglobin, reticulocyte count and blood film are normal. What is the most likely diagnosis?",
    options: [
      "Crigler–Najjar syndrome type I",
      "Dubin–Johnson syndrome",
      "Hereditary spherocytosis",
      "Gilbert syndrome",
    ],
    correctIndex: 3,
    explanations: [
      "Crigler–Najjar type I is an absent UGT1A1 activity presenting in neonates with very high unconjugated bilirubin and kernicterus risk.",
      "Dubin–Johnson syndrome causes conjugated hyperbilirubinaemia, due to defective canalicular excretion (MRP2).",
      "Haemolysis would show anaemia or a raised reticulocyte count and spherocytes on the film.",
      "Mild, fluctuating unconjugated hyperbilirubinaemia provoked by fasting, illness or stress, with otherwise normal LFTs and no haemolysis, is Gilbert syndrome (reduced UGT1A1 activity); it is benign and needs only reassurance.",
    ],
    takeaway:
      "Isolated mild unconjugated jaundice after fasting, normal LFTs, no haemolysis = Gilbert syndrome.",
    reference:
      "Harrison's Principles of Internal Medicine, 21st ed. (Approach to the patient with liver disease; hyperbilirubinaemias)",
    difficulty: "easy",
  },
];

export default questions;
