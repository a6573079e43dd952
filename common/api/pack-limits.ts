/** The longest pack return reason kept: the API's schema, the service and the screen's field hold to it. */
export const RETURN_REASON_MAX = 200;
