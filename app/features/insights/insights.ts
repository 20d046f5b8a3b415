// The insights feature's public browser-safe file: what other features use of it (docs/decisions/046).
export { publicResponseLine, type ResponseRecordSetting, type StoredResponseRecord } from "./response-record";
