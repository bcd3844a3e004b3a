/** What every call that signs a user in answers (spec section 3, auth response). */
export interface TokenAnswer {
  token: string;
}
