import type { BankQuestion } from "../types";

const questions: BankQuestion[] = [
  {
    id: "haematology-01",
    topic: "Haematology",
    tags: [
      "haematology",
      "hematology",
      "anaemia",
      "anemia",
      "iron deficiency anaemia",
      "ida",
      "microcytic anaemia",
      "ferritin",
      "iron studies",
    ],
    question:
      "A 32-year-old woman with heavy menstrual bleeding has Hb 8.4 g/dL and MCV 68 fL. Serum ferritin is 6 ng/mL, total iron-binding capacity is raised and transferrin saturation is 6%. What is the diagnosis?",
    options: [
      "Iron deficiency anaemia",
      "Anaemia of chronic disease",
      "Beta thalassaemia trait",
      "Sideroblastic anaemia",
    ],
    correctIndex: 0,
    explanations: [
      "A very low ferritin is diagnostic of depleted iron stores; the liver makes more transferrin, so TIBC rises while saturation falls. Menorrhagia is the likely source; treat with oral iron and address the bleeding.",
      "Anaemia of chronic disease has normal or raised ferritin (hepcidin traps iron in stores) and a low or normal TIBC.",
      "Thalassaemia trait causes microcytosis with normal iron studies and a relatively high red cell count.",
      "Sideroblastic anaemia shows raised serum iron and ferritin with ring sideroblasts in the marrow.",
    ],
    takeaway:
      "Low ferritin + high TIBC + low transferrin saturation = iron deficiency; look for the source of blood loss.",
    reference: "Davidson's Principles and Practice of Medicine, 24th ed. (Haematology: anaemia)",
    difficulty: "easy",
  },
  {
    id: "haematology-02",
    topic: "Haematology",
    tags: [
      "haematology",
      "anaemia",
      "thalassaemia",
      "thalassemia",
      "beta thalassaemia trait",
      "thalassaemia minor",
      "hba2",
      "hplc",
      "mentzer index",
      "microcytic anaemia",
    ],
    question:
      "A 20-year-old man has Hb 11.2 g/dL, MCV 62 fL, red cell count 5.9 × 10¹²/L, normal RDW and serum ferritin 85 ng/mL. Which test best confirms the likely diagnosis?",
    options: [
      "Bone marrow aspirate with iron stain",
      "Serum vitamin B12 level",
      "Haemoglobin HPLC (or electrophoresis) showing HbA2 above 3.5%",
      "Direct antiglobulin (Coombs) test",
    ],
    correctIndex: 2,
    explanations: [
      "Marrow examination is invasive and unnecessary; his ferritin already shows adequate iron stores.",
      "B12 deficiency causes macrocytosis, not a microcytic picture.",
      "Marked microcytosis with mild anaemia, a high red cell count (Mentzer index 62/5.9 ≈ 10.5, below 13) and normal ferritin suggests beta thalassaemia trait, confirmed by a raised HbA2 on HPLC; his partner should be screened before pregnancy.",
      "The direct antiglobulin test detects immune haemolysis, which would cause a high reticulocyte count and often a raised MCV, not this pattern.",
    ],
    takeaway:
      "Microcytosis with high RBC count and normal ferritin: suspect beta thalassaemia trait and check HbA2 by HPLC.",
    reference:
      "Davidson's Principles and Practice of Medicine, 24th ed. (Haemoglobinopathies); National Health Mission (India) Guidelines on Prevention and Control of Haemoglobinopathies, 2016",
    difficulty: "medium",
  },
  {
    id: "haematology-03",
    topic: "Haematology",
    tags: [
      "haematology",
      "anaemia",
      "vitamin b12 deficiency",
      "b12",
      "megaloblastic anaemia",
      "macrocytic anaemia",
      "subacute combined degeneration",
      "scd",
      "vegetarian",
    ],
    question:
      "A 45-year-old lifelong vegetarian has fatigue and tingling in his feet. He has lost vibration and position sense in the legs, with extensor plantar responses and absent ankle jerks. Hb 8.5 g/dL, MCV 112 fL, hypersegmented neutrophils; serum B12 is very low and folate is normal. What is the most appropriate treatment?",
    options: [
      "Oral folic acid alone",
      "Intramuscular vitamin B12 (hydroxocobalamin or cyanocobalamin)",
      "Red cell transfusion to bring Hb above 10 g/dL",
      "Oral iron",
    ],
    correctIndex: 1,
    explanations: [
      "Folic acid alone can partly correct the anaemia while the neurological damage of B12 deficiency progresses; it must never be given alone when B12 deficiency is present.",
      "Subacute combined degeneration of the cord (dorsal column and corticospinal tract involvement) with megaloblastic anaemia needs prompt parenteral B12, with frequent loading doses when there is neurological involvement, then lifelong or ongoing maintenance as the cause requires.",
      "Patients with chronic severe megaloblastic anaemia are at risk of circulatory overload; transfusion is reserved for cardiac compromise and does not treat the cause.",
      "There is no evidence of iron deficiency; the picture is macrocytic with low B12.",
    ],
    takeaway: "B12 deficiency with neurology: parenteral B12 promptly; never give folate alone.",
    reference:
      "British Society for Haematology Guidelines for the diagnosis and treatment of cobalamin and folate disorders, 2014; Davidson's Principles and Practice of Medicine",
    difficulty: "medium",
  },
  {
    id: "haematology-04",
    topic: "Haematology",
    tags: [
      "haematology",
      "haemolytic anaemia",
      "hemolytic anemia",
      "g6pd deficiency",
      "primaquine",
      "bite cells",
      "heinz bodies",
      "reticulocytes",
    ],
    question:
      "A 24-year-old man develops dark urine, jaundice and anaemia 3 days after starting primaquine. The blood film shows bite cells, and Heinz bodies are seen on supravital staining; reticulocytes are 12%. A quantitative G6PD assay sent now is within the normal range. What is the best explanation?",
    options: [
      "G6PD deficiency is excluded, so another cause must be found",
      "Primaquine has triggered warm autoimmune haemolytic anaemia",
      "Paroxysmal nocturnal haemoglobinuria",
      "The surviving young red cells and reticulocytes have higher G6PD activity, so the test is falsely normal; repeat it after about 3 months",
    ],
    correctIndex: 3,
    explanations: [
      "A normal G6PD level during or just after acute haemolysis does not exclude deficiency, because the most deficient (oldest) cells have already been destroyed.",
      "Warm AIHA causes spherocytes and a positive direct antiglobulin test, not bite cells and Heinz bodies after an oxidant drug.",
      "PNH causes complement-mediated intravascular haemolysis without bite cells or Heinz bodies and is diagnosed by flow cytometry for CD55/CD59; it has no link to primaquine.",
      "Oxidant drugs such as primaquine or dapsone denature haemoglobin (Heinz bodies) in G6PD-deficient cells; after the old cells lyse, the younger population has higher enzyme activity and can give a falsely normal result, so the test is repeated once the reticulocyte count has settled.",
    ],
    takeaway:
      "G6PD levels can be falsely normal during acute haemolysis (reticulocytosis); retest after recovery.",
    reference:
      "Harrison's Principles of Internal Medicine, 21st ed. (Hemolytic anemias); WHO Guidelines for Malaria (G6PD testing before primaquine)",
    difficulty: "hard",
  },
  {
    id: "haematology-05",
    topic: "Haematology",
    tags: [
      "haematology",
      "sickle cell disease",
      "sickle cell anaemia",
      "scd",
      "hbss",
      "hydroxyurea",
      "hydroxycarbamide",
      "vaso-occlusive crisis",
      "acute chest syndrome",
      "hbf",
    ],
    question:
      "A 16-year-old boy from a tribal area of central India has sickle cell anaemia (HbSS). This year he has had four admissions for painful crises and one episode of acute chest syndrome. Which drug reduces the frequency of these events?",
    options: [
      "Oral iron",
      "Folic acid alone",
      "Hydroxyurea (hydroxycarbamide)",
      "Long-term oral prednisolone",
    ],
    correctIndex: 2,
    explanations: [
      "Patients with sickle cell disease are not usually iron deficient and many become iron overloaded from transfusion; iron does not prevent crises.",
      "Routine folic acid supports the high red cell turnover but does not reduce painful crises or acute chest syndrome.",
      "Hydroxyurea raises fetal haemoglobin (HbF), which inhibits HbS polymerisation, and reduces painful crises, acute chest syndrome, transfusion needs and mortality; it is provided under India's sickle cell programme.",
      "Corticosteroids do not prevent vaso-occlusive events and may trigger rebound crises when stopped.",
    ],
    takeaway:
      "Sickle cell disease with recurrent crises or acute chest syndrome: hydroxyurea (raises HbF).",
    reference:
      "NHLBI Evidence-Based Management of Sickle Cell Disease: Expert Panel Report, 2014; National Sickle Cell Anaemia Elimination Mission (India), 2023",
    difficulty: "easy",
  },
  {
    id: "haematology-06",
    topic: "Haematology",
    tags: [
      "haematology",
      "bleeding disorders",
      "haemophilia",
      "hemophilia",
      "haemophilia a",
      "factor viii",
      "aptt",
      "haemarthrosis",
      "coagulation",
    ],
    question:
      "A 6-year-old boy has a swollen, painful knee after a minor fall. He bled for a long time after circumcision, and his maternal uncle had a similar problem. Platelet count and PT are normal; aPTT is prolonged and corrects on mixing with normal plasma. Which factor is most likely deficient?",
    options: ["Factor VIII", "Factor VII", "Von Willebrand factor", "Factor XIII"],
    correctIndex: 0,
    explanations: [
      "X-linked inheritance (affected maternal uncle), haemarthrosis and an isolated prolonged aPTT that corrects with mixing point to haemophilia A, the commonest haemophilia (factor IX deficiency, haemophilia B, is clinically identical but less common).",
      "Factor VII deficiency prolongs the PT, not the aPTT, and is autosomal recessive.",
      "Von Willebrand disease is usually autosomal and causes mucocutaneous bleeding (epistaxis, menorrhagia, gum bleeding); haemarthroses are unusual except in severe type 3.",
      "Factor XIII deficiency causes delayed bleeding and umbilical stump bleeding with normal PT and aPTT.",
    ],
    takeaway:
      "Boy + haemarthrosis + isolated prolonged aPTT + maternal-line history = haemophilia A (factor VIII).",
    reference: "WFH Guidelines for the Management of Hemophilia, 3rd ed., 2020",
    difficulty: "easy",
  },
  {
    id: "haematology-07",
    topic: "Haematology",
    tags: [
      "haematology",
      "bleeding disorders",
      "itp",
      "immune thrombocytopenia",
      "thrombocytopenia",
      "petechiae",
      "paediatrics",
      "pediatrics",
    ],
    question:
      "A 5-year-old girl develops widespread petechiae and bruises 2 weeks after a viral illness. She is otherwise well, with no mucosal bleeding, lymphadenopathy or hepatosplenomegaly. Platelets are 18,000/µL with normal haemoglobin and white cell count; the film shows only large platelets. What is the most appropriate management?",
    options: [
      "Platelet transfusion",
      "Bone marrow examination before any decision",
      "Splenectomy",
      "Observation with advice to the parents, without drug treatment",
    ],
    correctIndex: 3,
    explanations: [
      "Transfused platelets are rapidly destroyed in ITP; transfusion is reserved for life-threatening bleeding.",
      "With typical features (isolated thrombocytopenia, normal film otherwise, no organomegaly), marrow examination is not needed.",
      "Most childhood ITP resolves spontaneously within months; splenectomy is reserved for rare, chronic, severe cases.",
      "Newly diagnosed childhood ITP with no or only skin bleeding is managed by observation; serious bleeding is rare, and steroids or IVIG are used only for significant bleeding.",
    ],
    takeaway: "Childhood ITP with skin-only bleeding: watch and wait, whatever the platelet count.",
    reference: "American Society of Hematology Guidelines for Immune Thrombocytopenia, 2019",
    difficulty: "medium",
  },
  {
    id: "haematology-08",
    topic: "Haematology",
    tags: [
      "haematology",
      "ttp",
      "thrombotic thrombocytopenic purpura",
      "tma",
      "microangiopathic haemolytic anaemia",
      "schistocytes",
      "adamts13",
      "plasma exchange",
    ],
    question:
      "A 35-year-old woman has fever, confusion and petechiae. Hb 7.5 g/dL, platelets 12,000/µL, many schistocytes on the film, LDH 1,800 U/L and creatinine 1.4 mg/dL. PT, aPTT and fibrinogen are normal. What is the most appropriate urgent treatment?",
    options: [
      "Platelet transfusion",
      "Urgent plasma exchange with corticosteroids, after sending a sample for ADAMTS13",
      "Therapeutic heparin infusion",
      "Haemodialysis alone",
    ],
    correctIndex: 1,
    explanations: [
      "Platelet transfusion may fuel microvascular thrombosis in TTP and is avoided unless there is life-threatening bleeding.",
      "Microangiopathic haemolysis with severe thrombocytopenia, neurological features and normal clotting suggests TTP (severe ADAMTS13 deficiency); untreated mortality is about 90%, so plasma exchange with steroids starts urgently (caplacizumab and rituximab may be added).",
      "Normal PT, aPTT and fibrinogen argue against DIC; anticoagulation does not treat TTP and increases bleeding risk.",
      "Renal involvement is modest; dialysis does not remove the ADAMTS13 autoantibody or replace the enzyme.",
    ],
    takeaway:
      "MAHA + low platelets + normal clotting (± neuro, fever, renal) = TTP: urgent plasma exchange; avoid platelets.",
    reference:
      "ISTH Guideline for the Treatment of Thrombotic Thrombocytopenic Purpura, 2020; British Society for Haematology TTP guideline",
    difficulty: "hard",
  },
  {
    id: "haematology-09",
    topic: "Haematology",
    tags: [
      "haematology",
      "blood transfusion",
      "transfusion reaction",
      "acute haemolytic transfusion reaction",
      "ahtr",
      "abo incompatibility",
      "patient safety",
    ],
    question:
      "Ten minutes after a unit of packed red cells is started, the patient develops fever, rigors, loin pain, hypotension and red urine. What is the first step?",
    options: [
      "Stop the transfusion at once, keep the IV line open with 0.9% saline and check the patient's identity against the unit",
      "Slow the transfusion and give paracetamol",
      "Give IV chlorpheniramine and continue the transfusion",
      "Finish the unit, then send samples to the blood bank",
    ],
    correctIndex: 0,
    explanations: [
      "These features suggest an acute haemolytic transfusion reaction from ABO incompatibility, usually an identification error; stopping immediately limits the dose of incompatible blood, then resuscitate, return the unit and send samples (repeat group, DAT, haemolysis screen, coagulation).",
      "Slowing the rate still delivers incompatible red cells; this approach suits a mild isolated febrile reaction, not hypotension and haemoglobinuria.",
      "Antihistamines treat mild allergic (urticarial) reactions only; continuing risks DIC, renal failure and death.",
      "Every additional millilitre of incompatible blood worsens haemolysis; the transfusion must be stopped, not completed.",
    ],
    takeaway:
      "Fever, rigors, loin pain, hypotension or red urine during transfusion: stop now, check identity, inform the blood bank.",
    reference:
      "British Society for Haematology Guideline on the investigation and management of acute transfusion reactions; Oxford Handbook of Clinical Medicine",
    difficulty: "easy",
  },
  {
    id: "haematology-10",
    topic: "Haematology",
    tags: [
      "haematology",
      "leukaemia",
      "leukemia",
      "aml",
      "apl",
      "acute promyelocytic leukaemia",
      "atra",
      "t15 17",
      "pml-rara",
      "dic",
    ],
    question:
      "A 30-year-old man has gum bleeding and bruising. Hb 8 g/dL, WBC 2,000/µL, platelets 20,000/µL; PT prolonged, fibrinogen low and D-dimer high. Bone marrow shows abnormal hypergranular promyelocytes with bundles of Auer rods. What is the most important immediate treatment?",
    options: [
      "Wait for cytogenetic confirmation before starting any treatment",
      "Intrathecal methotrexate",
      "All-trans retinoic acid (ATRA) started at once on suspicion, with blood product support for the coagulopathy",
      "Imatinib",
    ],
    correctIndex: 2,
    explanations: [
      "Early death from haemorrhage is the main threat in APL; treatment should not wait for confirmation of t(15;17).",
      "Intrathecal chemotherapy is used for CNS prophylaxis or involvement in ALL, not as initial APL therapy.",
      "Acute promyelocytic leukaemia (PML-RARA fusion from t(15;17)) with DIC is an emergency; ATRA induces differentiation of the blasts and rapidly improves the coagulopathy, usually combined with arsenic trioxide, with platelets, fibrinogen and plasma to support haemostasis.",
      "Imatinib targets BCR-ABL in CML and Ph-positive ALL, not the PML-RARA fusion.",
    ],
    takeaway:
      "Suspected APL (Auer rods, DIC): start ATRA immediately and correct the coagulopathy; do not wait for genetics.",
    reference:
      "European LeukemiaNet Recommendations for the management of acute promyelocytic leukemia, 2019",
    difficulty: "medium",
  },
  {
    id: "haematology-11",
    topic: "Haematology",
    tags: [
      "haematology",
      "lymphoma",
      "hodgkin lymphoma",
      "hodgkin's lymphoma",
      "reed-sternberg cells",
      "cd15",
      "cd30",
      "b symptoms",
      "pathology",
    ],
    question:
      "A 24-year-old man has painless cervical lymphadenopathy, night sweats, weight loss and itching. Lymph node biopsy shows large binucleate cells with prominent 'owl-eye' nucleoli in a mixed inflammatory background. What immunophenotype do these large cells typically show?",
    options: ["CD20+, CD45+, CD15−, CD30−", "CD3+, CD4+", "CD5+, CD23+", "CD15+, CD30+, CD45−"],
    correctIndex: 3,
    explanations: [
      "CD20+, CD45+ cells negative for CD15 and CD30 describe the 'popcorn' cells of nodular lymphocyte-predominant Hodgkin lymphoma or B-cell lymphomas, not classical Reed–Sternberg cells.",
      "CD3 and CD4 mark T cells, seen in the reactive background or in T-cell lymphomas.",
      "CD5 with CD23 is the phenotype of chronic lymphocytic leukaemia/small lymphocytic lymphoma.",
      "Classical Reed–Sternberg cells ('owl-eye' binucleate cells) are CD15+ and CD30+ and usually CD45−; B symptoms (fever, night sweats, >10% weight loss) affect staging and prognosis.",
    ],
    takeaway: "Classical Hodgkin lymphoma: Reed–Sternberg cells are CD15+ and CD30+ (CD45−).",
    reference:
      "Robbins and Cotran Pathologic Basis of Disease, 10th ed. (Diseases of white blood cells, lymph nodes, spleen and thymus)",
    difficulty: "easy",
  },
  {
    id: "haematology-12",
    topic: "Haematology",
    tags: [
      "haematology",
      "anticoagulation",
      "warfarin",
      "warfarin reversal",
      "inr",
      "intracranial haemorrhage",
      "ich",
      "pcc",
      "vitamin k",
    ],
    question:
      "A 70-year-old man taking warfarin for atrial fibrillation presents with an intracranial haemorrhage. His INR is 4.5. What is the most appropriate immediate management?",
    options: [
      "Withhold warfarin and recheck the INR the next day",
      "IV vitamin K plus four-factor prothrombin complex concentrate",
      "Oral vitamin K alone",
      "IV protamine sulfate",
    ],
    correctIndex: 1,
    explanations: [
      "Stopping warfarin alone takes days to normalise the INR; major bleeding needs immediate reversal.",
      "Life-threatening bleeding on warfarin is reversed with PCC (replaces factors II, VII, IX, X within minutes) plus IV vitamin K (sustains reversal as the liver makes new factors); FFP is a slower, larger-volume alternative if PCC is unavailable.",
      "Vitamin K alone takes 6–24 hours to act, too slow for intracranial bleeding.",
      "Protamine neutralises heparin, not warfarin.",
    ],
    takeaway:
      "Major bleeding on warfarin: 4-factor PCC + IV vitamin K (FFP only if PCC unavailable).",
    reference:
      "ACC Expert Consensus Decision Pathway on Management of Bleeding in Patients on Oral Anticoagulants, 2020",
    difficulty: "medium",
  },
  {
    id: "haematology-13",
    topic: "Haematology",
    tags: [
      "haematology",
      "anticoagulation",
      "hit",
      "heparin-induced thrombocytopenia",
      "heparin",
      "thrombocytopenia",
      "dvt",
      "argatroban",
      "fondaparinux",
    ],
    question:
      "A 60-year-old woman has received subcutaneous unfractionated heparin since surgery. On day 7 her platelet count has fallen from 260,000 to 95,000/µL and a new deep vein thrombosis is found; her 4Ts score is high. What is the most appropriate management?",
    options: [
      "Stop all heparin and start a non-heparin anticoagulant such as argatroban, fondaparinux or a DOAC",
      "Switch to enoxaparin (low-molecular-weight heparin)",
      "Transfuse platelets and continue heparin",
      "Start warfarin immediately as the sole anticoagulant",
    ],
    correctIndex: 0,
    explanations: [
      "Heparin-induced thrombocytopenia is a prothrombotic antibody-mediated disorder (antibodies to PF4–heparin); all heparin, including flushes, must stop and a non-heparin anticoagulant started at treatment dose, while sending a PF4 antibody test.",
      "LMWH cross-reacts with HIT antibodies in most cases and must not be used.",
      "Platelet transfusion is avoided unless there is serious bleeding; continuing heparin drives further thrombosis.",
      "Starting warfarin alone in acute HIT depletes protein C and can cause venous limb gangrene; it is begun only after platelet recovery, overlapped with a non-heparin anticoagulant.",
    ],
    takeaway:
      "HIT (platelet fall 5–10 days after heparin ± thrombosis): stop all heparin, use a non-heparin anticoagulant, no early warfarin.",
    reference:
      "American Society of Hematology Guidelines for Management of Venous Thromboembolism: Heparin-Induced Thrombocytopenia, 2018",
    difficulty: "hard",
  },
];

export default questions;
