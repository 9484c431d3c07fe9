import { loadConfig } from '@hap/service-kit';
import { uploadS3ConfigShape } from '../config';
import { s3SettingsOf, type S3Settings } from '../modules/upload/upload.objects';

/** The seeds store their pictures where the service keeps uploads: the bucket of UPLOAD_S3_* when set. */
export const uploadS3FromEnv = (env: NodeJS.ProcessEnv = process.env): S3Settings | null => s3SettingsOf(loadConfig(uploadS3ConfigShape, env));
