import { ErrorResponse, Type, badRequest, currentUser, notFound, type ServiceApp, type ServiceDeps } from '@betterplus/kit';
import { findCustomer, setBillingDetails } from '../db/customers.ts';
import { gstinValid, indianStates, stateByCode } from '../domain/gst.ts';
import { IndianState } from '../contracts/schemas.ts';

const DetailsResponse = Type.Object({
  stateCode: Type.Union([Type.String(), Type.Null()]),
  gstin: Type.Union([Type.String(), Type.Null()]),
  states: Type.Array(IndianState),
});

const states: IndianState[] = indianStates.map(({ code, name }) => ({ code, name }));

/** The customer's optional GST details: the state that is the place of supply, and a GSTIN for input tax credit. */
export function billingDetailsRoutes(app: ServiceApp, deps: Pick<ServiceDeps, 'db' | 'authenticate'>): void {
  const detailsOf = async (userId: string) => {
    const customer = await findCustomer(deps.db, userId);
    if (!customer) throw notFound('No billing account yet', 'NO_CUSTOMER');
    return { stateCode: customer.state_code, gstin: customer.gstin, states };
  };

  app.get(
    '/api/subscription/billing-details',
    {
      preHandler: deps.authenticate,
      schema: {
        summary: 'The GST details invoices are made out with, and the states to choose from',
        response: { 200: DetailsResponse, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => detailsOf(currentUser(request).userId),
  );

  app.put(
    '/api/subscription/billing-details',
    {
      preHandler: deps.authenticate,
      schema: {
        summary: 'Sets the place of supply (a GST state code) and the GSTIN for the next invoices',
        body: Type.Object(
          { stateCode: Type.Union([Type.String({ maxLength: 2 }), Type.Null()]), gstin: Type.Union([Type.String({ maxLength: 15 }), Type.Null()]) },
          { additionalProperties: false },
        ),
        response: { 200: DetailsResponse, 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      const { userId } = currentUser(request);
      const stateCode = request.body.stateCode || null;
      const gstin = request.body.gstin?.trim().toUpperCase() || null;
      if (stateCode !== null && !stateByCode(stateCode)) throw badRequest('Choose a state or union territory from the list.', 'INVALID_STATE');
      if (gstin !== null && !gstinValid(gstin)) throw badRequest('That GSTIN is not valid. It has 15 characters, such as 29ABCDE1234F1Z5.', 'INVALID_GSTIN');
      if (gstin !== null && stateCode !== null && !gstin.startsWith(stateCode))
        throw badRequest("The GSTIN's first two digits must be the code of the state chosen.", 'GSTIN_STATE_MISMATCH');
      if (!(await setBillingDetails(deps.db, userId, { stateCode, gstin }))) throw notFound('No billing account yet', 'NO_CUSTOMER');
      return detailsOf(userId);
    },
  );
}
