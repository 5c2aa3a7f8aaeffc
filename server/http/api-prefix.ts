/**
 * The API's path prefix. AppModule gives it to every API module at once (RouterModule); the API's
 * middleware in configureApp and the OpenAPI document read it here.
 */
export const API_PREFIX = 'api';
