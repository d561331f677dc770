-- CreateEnum
CREATE TYPE "UserTheme" AS ENUM ('system', 'light', 'dark');

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "theme" "UserTheme" NOT NULL DEFAULT 'system';
