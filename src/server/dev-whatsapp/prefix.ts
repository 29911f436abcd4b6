/**
 * Where the development WhatsApp simulator is mounted (decision 70); its own module so that the
 * configuration can name it without loading the simulator.
 */
export const DEV_WHATSAPP_PREFIX = '/dev-whatsapp';

/** The simulated Graph API, with the version the real one is called at. */
export const DEV_WHATSAPP_GRAPH_PATH = `${DEV_WHATSAPP_PREFIX}/graph/v23.0`;
