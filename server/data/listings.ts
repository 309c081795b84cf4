/** Sample listings for listing inquiries (images are drawings shipped in server/assets). */
export const LISTINGS = [
  { id: 1, customId: 'W-1001', title: 'Helle 3-Zimmer-Altbauwohnung mit Balkon', zip: '10435', city: 'Berlin', categoryId: 30225, priceTitle: 'Kaufpreis', priceText: '465.000 €', image: '/media/listings/altbau.svg', link: '/demo/expose-inquiry-wizard?objectId=1&customObjectId=W-1001' },
  { id: 2, customId: 'H-2002', title: 'Einfamilienhaus mit Garten am Stadtrand', zip: '13465', city: 'Berlin', categoryId: 22332, priceTitle: 'Kaufpreis', priceText: '789.000 €', image: '/media/listings/haus.svg', link: '/demo/expose-inquiry-wizard?objectId=2&customObjectId=H-2002' },
  { id: 3, customId: 'G-3003', title: 'Ladenfläche in bester Lauflage', zip: '10997', city: 'Berlin', categoryId: 82397, priceTitle: 'Kaltmiete', priceText: '3.200 € / Monat', image: '/media/listings/laden.svg', link: '/demo/expose-inquiry-wizard?objectId=3&customObjectId=G-3003' },
  { id: 4, customId: 'W-1004', title: 'Dachgeschosswohnung mit Blick über die Spree', zip: '10245', city: 'Berlin', categoryId: 30225, priceTitle: 'Kaltmiete', priceText: '1.480 € / Monat', image: '/media/listings/dach.svg', link: '/demo/expose-inquiry-wizard?objectId=4&customObjectId=W-1004' },
];
