/** The publisher that brings Better+; linked from the drawer and the footer. */
export const publisher = {
  name: 'The Better India',
  url: 'https://www.thebetterindia.com',
};
