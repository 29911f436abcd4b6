-- Issue 28: the seed's categories, sub-categories and services get their Hindi names, on rows whose
-- key is a default one and whose Hindi is still empty: an administrator's own Hindi is never replaced.
-- Sub-categories (jsonb) get `nameHi` on the elements named as the default ones of the same category.
UPDATE "categories" SET "card_title_hi" = 'वाई-फ़ाई' WHERE "key" = 'wifi' AND "card_title_hi" = '';--> statement-breakpoint
UPDATE "categories" SET "complaint_head_hi" = 'वाई-फ़ाई की शिकायत' WHERE "key" = 'wifi' AND "complaint_head_hi" = '';--> statement-breakpoint
UPDATE "categories" SET "description_hi" = 'नहीं चल रहा, धीमा है या कनेक्शन बार-बार टूटता है।' WHERE "key" = 'wifi' AND "description_hi" = '';--> statement-breakpoint
UPDATE "categories" SET "sub_categories" = (
  SELECT coalesce(jsonb_agg(CASE WHEN coalesce(e.value->>'nameHi', '') = '' AND d.hi IS NOT NULL THEN e.value || jsonb_build_object('nameHi', d.hi) ELSE e.value END ORDER BY e.ord), '[]'::jsonb)
  FROM jsonb_array_elements("sub_categories") WITH ORDINALITY AS e(value, ord)
  LEFT JOIN (SELECT key AS name, value AS hi FROM jsonb_each_text('{"Not Working":"नहीं चल रहा","Slow":"धीमा","Connection Issue":"कनेक्शन की समस्या","Others":"अन्य"}'::jsonb)) AS d ON d.name = e.value->>'name'
) WHERE "key" = 'wifi';--> statement-breakpoint
UPDATE "categories" SET "card_title_hi" = 'फ़र्नीचर (बढ़ई)' WHERE "key" = 'carpenter' AND "card_title_hi" = '';--> statement-breakpoint
UPDATE "categories" SET "complaint_head_hi" = 'बढ़ई की शिकायत' WHERE "key" = 'carpenter' AND "complaint_head_hi" = '';--> statement-breakpoint
UPDATE "categories" SET "description_hi" = 'दराज़, कुर्सी, पढ़ाई की मेज़, अलमारी और हैंडल।' WHERE "key" = 'carpenter' AND "description_hi" = '';--> statement-breakpoint
UPDATE "categories" SET "sub_categories" = (
  SELECT coalesce(jsonb_agg(CASE WHEN coalesce(e.value->>'nameHi', '') = '' AND d.hi IS NOT NULL THEN e.value || jsonb_build_object('nameHi', d.hi) ELSE e.value END ORDER BY e.ord), '[]'::jsonb)
  FROM jsonb_array_elements("sub_categories") WITH ORDINALITY AS e(value, ord)
  LEFT JOIN (SELECT key AS name, value AS hi FROM jsonb_each_text('{"Drawer":"दराज़","Chair":"कुर्सी","Study Table":"पढ़ाई की मेज़","Almirah":"अलमारी","Handle":"हैंडल"}'::jsonb)) AS d ON d.name = e.value->>'name'
) WHERE "key" = 'carpenter';--> statement-breakpoint
UPDATE "categories" SET "card_title_hi" = 'बाथरूम (पानी)' WHERE "key" = 'water' AND "card_title_hi" = '';--> statement-breakpoint
UPDATE "categories" SET "complaint_head_hi" = 'पानी की शिकायत' WHERE "key" = 'water' AND "complaint_head_hi" = '';--> statement-breakpoint
UPDATE "categories" SET "description_hi" = 'टॉयलेट सीट, शॉवर और पानी की सप्लाई।' WHERE "key" = 'water' AND "description_hi" = '';--> statement-breakpoint
UPDATE "categories" SET "sub_categories" = (
  SELECT coalesce(jsonb_agg(CASE WHEN coalesce(e.value->>'nameHi', '') = '' AND d.hi IS NOT NULL THEN e.value || jsonb_build_object('nameHi', d.hi) ELSE e.value END ORDER BY e.ord), '[]'::jsonb)
  FROM jsonb_array_elements("sub_categories") WITH ORDINALITY AS e(value, ord)
  LEFT JOIN (SELECT key AS name, value AS hi FROM jsonb_each_text('{"Toilet Seat":"टॉयलेट सीट","Shower":"शॉवर","Water Problem":"पानी की समस्या"}'::jsonb)) AS d ON d.name = e.value->>'name'
) WHERE "key" = 'water';--> statement-breakpoint
UPDATE "categories" SET "card_title_hi" = 'मेस' WHERE "key" = 'mess' AND "card_title_hi" = '';--> statement-breakpoint
UPDATE "categories" SET "complaint_head_hi" = 'मेस की शिकायत' WHERE "key" = 'mess' AND "complaint_head_hi" = '';--> statement-breakpoint
UPDATE "categories" SET "description_hi" = 'खाने की क्वालिटी, मेस के कर्मचारी और मेस की दूसरी समस्याएँ।' WHERE "key" = 'mess' AND "description_hi" = '';--> statement-breakpoint
UPDATE "categories" SET "sub_categories" = (
  SELECT coalesce(jsonb_agg(CASE WHEN coalesce(e.value->>'nameHi', '') = '' AND d.hi IS NOT NULL THEN e.value || jsonb_build_object('nameHi', d.hi) ELSE e.value END ORDER BY e.ord), '[]'::jsonb)
  FROM jsonb_array_elements("sub_categories") WITH ORDINALITY AS e(value, ord)
  LEFT JOIN (SELECT key AS name, value AS hi FROM jsonb_each_text('{"Food":"खाना","Staff":"कर्मचारी","Other":"अन्य"}'::jsonb)) AS d ON d.name = e.value->>'name'
) WHERE "key" = 'mess';--> statement-breakpoint
UPDATE "categories" SET "card_title_hi" = 'इलेक्ट्रीशियन' WHERE "key" = 'electricity' AND "card_title_hi" = '';--> statement-breakpoint
UPDATE "categories" SET "complaint_head_hi" = 'बिजली की शिकायत' WHERE "key" = 'electricity' AND "complaint_head_hi" = '';--> statement-breakpoint
UPDATE "categories" SET "description_hi" = 'लैंप, स्विच, बल्ब और पंखे।' WHERE "key" = 'electricity' AND "description_hi" = '';--> statement-breakpoint
UPDATE "categories" SET "sub_categories" = (
  SELECT coalesce(jsonb_agg(CASE WHEN coalesce(e.value->>'nameHi', '') = '' AND d.hi IS NOT NULL THEN e.value || jsonb_build_object('nameHi', d.hi) ELSE e.value END ORDER BY e.ord), '[]'::jsonb)
  FROM jsonb_array_elements("sub_categories") WITH ORDINALITY AS e(value, ord)
  LEFT JOIN (SELECT key AS name, value AS hi FROM jsonb_each_text('{"Lamp":"लैंप","Switch":"स्विच","Light Bulb":"बल्ब","Fan":"पंखा"}'::jsonb)) AS d ON d.name = e.value->>'name'
) WHERE "key" = 'electricity';--> statement-breakpoint
UPDATE "categories" SET "card_title_hi" = 'अन्य' WHERE "key" = 'other' AND "card_title_hi" = '';--> statement-breakpoint
UPDATE "categories" SET "complaint_head_hi" = 'अन्य शिकायत' WHERE "key" = 'other' AND "complaint_head_hi" = '';--> statement-breakpoint
UPDATE "categories" SET "description_hi" = 'चोरी या कोई और बात जिस पर ध्यान देना ज़रूरी है।' WHERE "key" = 'other' AND "description_hi" = '';--> statement-breakpoint
UPDATE "categories" SET "sub_categories" = (
  SELECT coalesce(jsonb_agg(CASE WHEN coalesce(e.value->>'nameHi', '') = '' AND d.hi IS NOT NULL THEN e.value || jsonb_build_object('nameHi', d.hi) ELSE e.value END ORDER BY e.ord), '[]'::jsonb)
  FROM jsonb_array_elements("sub_categories") WITH ORDINALITY AS e(value, ord)
  LEFT JOIN (SELECT key AS name, value AS hi FROM jsonb_each_text('{"Theft":"चोरी","Others":"अन्य"}'::jsonb)) AS d ON d.name = e.value->>'name'
) WHERE "key" = 'other';--> statement-breakpoint
UPDATE "categories" SET "card_title_hi" = 'रैगिंग की शिकायत करें' WHERE "key" = 'ragging' AND "card_title_hi" = '';--> statement-breakpoint
UPDATE "categories" SET "complaint_head_hi" = 'रैगिंग की शिकायत' WHERE "key" = 'ragging' AND "complaint_head_hi" = '';--> statement-breakpoint
UPDATE "categories" SET "description_hi" = 'गोपनीय: यह एंटी-रैगिंग कमेटी को जाती है, हॉस्टल ऑफ़िस को कभी नहीं। कमरा नंबर देना ज़रूरी नहीं।' WHERE "key" = 'ragging' AND "description_hi" = '';--> statement-breakpoint
UPDATE "categories" SET "sub_categories" = (
  SELECT coalesce(jsonb_agg(CASE WHEN coalesce(e.value->>'nameHi', '') = '' AND d.hi IS NOT NULL THEN e.value || jsonb_build_object('nameHi', d.hi) ELSE e.value END ORDER BY e.ord), '[]'::jsonb)
  FROM jsonb_array_elements("sub_categories") WITH ORDINALITY AS e(value, ord)
  LEFT JOIN (SELECT key AS name, value AS hi FROM jsonb_each_text('{"Physical":"शारीरिक","Verbal / abuse":"मौखिक / गाली-गलौज","Forced to do something":"कुछ करने के लिए मजबूर किया","Online":"ऑनलाइन","Other":"अन्य"}'::jsonb)) AS d ON d.name = e.value->>'name'
) WHERE "key" = 'ragging';--> statement-breakpoint
UPDATE "services" SET "label_hi" = 'कमरे की सफ़ाई' WHERE "key" = 'room_cleaning' AND "label_hi" = '';--> statement-breakpoint
UPDATE "services" SET "label_hi" = 'लॉन्ड्री' WHERE "key" = 'laundry' AND "label_hi" = '';
