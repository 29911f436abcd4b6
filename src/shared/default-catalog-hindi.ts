import type { CategoryInfo, PublicCatalog } from './catalog.js';

/**
 * The Hindi of the seed's categories, sub-categories and services (issue 28): what migration 0025
 * wrote beside the English defaults. Apart from DEFAULT_CATALOG, which the web app's first download
 * carries for the prerendered pages (all English), so that Hindi does not weigh on every page: the
 * server serves it from its database with the catalogue.
 */
export const DEFAULT_HINDI: {
  categories: Record<string, Pick<CategoryInfo, 'cardTitleHi' | 'complaintHeadHi' | 'descriptionHi'> & { subCategories: Record<string, string> }>;
  services: Record<string, { labelHi: string }>;
} = {
  categories: {
    wifi: {
      cardTitleHi: 'वाई-फ़ाई',
      complaintHeadHi: 'वाई-फ़ाई की शिकायत',
      descriptionHi: 'नहीं चल रहा, धीमा है या कनेक्शन बार-बार टूटता है।',
      subCategories: { 'Not Working': 'नहीं चल रहा', Slow: 'धीमा', 'Connection Issue': 'कनेक्शन की समस्या', Others: 'अन्य' },
    },
    carpenter: {
      cardTitleHi: 'फ़र्नीचर (बढ़ई)',
      complaintHeadHi: 'बढ़ई की शिकायत',
      descriptionHi: 'दराज़, कुर्सी, पढ़ाई की मेज़, अलमारी और हैंडल।',
      subCategories: { Drawer: 'दराज़', Chair: 'कुर्सी', 'Study Table': 'पढ़ाई की मेज़', Almirah: 'अलमारी', Handle: 'हैंडल' },
    },
    water: {
      cardTitleHi: 'बाथरूम (पानी)',
      complaintHeadHi: 'पानी की शिकायत',
      descriptionHi: 'टॉयलेट सीट, शॉवर और पानी की सप्लाई।',
      subCategories: { 'Toilet Seat': 'टॉयलेट सीट', Shower: 'शॉवर', 'Water Problem': 'पानी की समस्या' },
    },
    mess: {
      cardTitleHi: 'मेस',
      complaintHeadHi: 'मेस की शिकायत',
      descriptionHi: 'खाने की क्वालिटी, मेस के कर्मचारी और मेस की दूसरी समस्याएँ।',
      subCategories: { Food: 'खाना', Staff: 'कर्मचारी', Other: 'अन्य' },
    },
    electricity: {
      cardTitleHi: 'इलेक्ट्रीशियन',
      complaintHeadHi: 'बिजली की शिकायत',
      descriptionHi: 'लैंप, स्विच, बल्ब और पंखे।',
      subCategories: { Lamp: 'लैंप', Switch: 'स्विच', 'Light Bulb': 'बल्ब', Fan: 'पंखा' },
    },
    other: {
      cardTitleHi: 'अन्य',
      complaintHeadHi: 'अन्य शिकायत',
      descriptionHi: 'चोरी या कोई और बात जिस पर ध्यान देना ज़रूरी है।',
      subCategories: { Theft: 'चोरी', Others: 'अन्य' },
    },
    ragging: {
      cardTitleHi: 'रैगिंग की शिकायत करें',
      complaintHeadHi: 'रैगिंग की शिकायत',
      descriptionHi: 'गोपनीय: यह एंटी-रैगिंग कमेटी को जाती है, हॉस्टल ऑफ़िस को कभी नहीं। कमरा नंबर देना ज़रूरी नहीं।',
      subCategories: { Physical: 'शारीरिक', 'Verbal / abuse': 'मौखिक / गाली-गलौज', 'Forced to do something': 'कुछ करने के लिए मजबूर किया', Online: 'ऑनलाइन', Other: 'अन्य' },
    },
  },
  services: {
    room_cleaning: { labelHi: 'कमरे की सफ़ाई' },
    laundry: { labelHi: 'लॉन्ड्री' },
  },
};

/** A catalogue with the seed's Hindi beside its default names (an admin's own names are left as they are). */
export function withDefaultHindi(catalog: PublicCatalog): PublicCatalog {
  return {
    ...catalog,
    categories: catalog.categories.map((category) => {
      const hindi = DEFAULT_HINDI.categories[category.key];
      if (!hindi) return category;
      const { subCategories, ...names } = hindi;
      return {
        ...category,
        ...names,
        subCategories: category.subCategories.map((sub) => (subCategories[sub.name] ? { ...sub, nameHi: subCategories[sub.name] } : sub)),
      };
    }),
    services: catalog.services.map((service) => ({ ...service, ...DEFAULT_HINDI.services[service.key] })),
  };
}
