import type { CategoryInfo, PublicCatalog } from './catalog.js';

/**
 * The Hindi of the seed's categories, sub-categories and services (issue 28): what migration 0025
 * wrote beside the English defaults. Apart from DEFAULT_CATALOG, which the web app's first download
 * carries for the prerendered pages (all English), so that Hindi does not weigh on every page: the
 * server serves it from its database with the catalogue.
 */
export const DEFAULT_HINDI: {
  categories: Record<string, Pick<CategoryInfo, 'cardTitle' | 'complaintHead' | 'description'> & { subCategories: Record<string, string> }>;
  services: Record<string, { label: string }>;
} = {
  categories: {
    wifi: {
      cardTitle: 'वाई-फ़ाई',
      complaintHead: 'वाई-फ़ाई की शिकायत',
      description: 'नहीं चल रहा, धीमा है या कनेक्शन बार-बार टूटता है।',
      subCategories: { 'Not Working': 'नहीं चल रहा', Slow: 'धीमा', 'Connection Issue': 'कनेक्शन की समस्या', Others: 'अन्य' },
    },
    carpenter: {
      cardTitle: 'फ़र्नीचर (बढ़ई)',
      complaintHead: 'बढ़ई की शिकायत',
      description: 'दराज़, कुर्सी, पढ़ाई की मेज़, अलमारी और हैंडल।',
      subCategories: { Drawer: 'दराज़', Chair: 'कुर्सी', 'Study Table': 'पढ़ाई की मेज़', Almirah: 'अलमारी', Handle: 'हैंडल' },
    },
    water: {
      cardTitle: 'बाथरूम (पानी)',
      complaintHead: 'पानी की शिकायत',
      description: 'टॉयलेट सीट, शॉवर और पानी की सप्लाई।',
      subCategories: { 'Toilet Seat': 'टॉयलेट सीट', Shower: 'शॉवर', 'Water Problem': 'पानी की समस्या' },
    },
    mess: {
      cardTitle: 'मेस',
      complaintHead: 'मेस की शिकायत',
      description: 'खाने की क्वालिटी, मेस के कर्मचारी और मेस की दूसरी समस्याएँ।',
      subCategories: { Food: 'खाना', Staff: 'कर्मचारी', Other: 'अन्य' },
    },
    electricity: {
      cardTitle: 'इलेक्ट्रीशियन',
      complaintHead: 'बिजली की शिकायत',
      description: 'लैंप, स्विच, बल्ब और पंखे।',
      subCategories: { Lamp: 'लैंप', Switch: 'स्विच', 'Light Bulb': 'बल्ब', Fan: 'पंखा' },
    },
    other: {
      cardTitle: 'अन्य',
      complaintHead: 'अन्य शिकायत',
      description: 'चोरी या कोई और बात जिस पर ध्यान देना ज़रूरी है।',
      subCategories: { Theft: 'चोरी', Others: 'अन्य' },
    },
    ragging: {
      cardTitle: 'रैगिंग की शिकायत करें',
      complaintHead: 'रैगिंग की शिकायत',
      description: 'गोपनीय: यह एंटी-रैगिंग कमेटी को जाती है, हॉस्टल ऑफ़िस को कभी नहीं। कमरा नंबर देना ज़रूरी नहीं।',
      subCategories: { Physical: 'शारीरिक', 'Verbal / abuse': 'मौखिक / गाली-गलौज', 'Forced to do something': 'कुछ करने के लिए मजबूर किया', Online: 'ऑनलाइन', Other: 'अन्य' },
    },
  },
  services: {
    room_cleaning: { label: 'कमरे की सफ़ाई' },
    laundry: { label: 'लॉन्ड्री' },
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
        translations: { ...category.translations, hi: names },
        subCategories: category.subCategories.map((sub) => {
          const name = subCategories[sub.name];
          return name ? { ...sub, translations: { ...sub.translations, hi: { name } } } : sub;
        }),
      };
    }),
    services: catalog.services.map((service) => {
      const hindi = DEFAULT_HINDI.services[service.key];
      return hindi ? { ...service, translations: { ...service.translations, hi: hindi } } : service;
    }),
  };
}
