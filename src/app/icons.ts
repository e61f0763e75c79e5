import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import BatteryChargingFullOutlined from '@mui/icons-material/BatteryChargingFullOutlined';
import BugReportOutlined from '@mui/icons-material/BugReportOutlined';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import CleaningServicesOutlined from '@mui/icons-material/CleaningServicesOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import HubOutlined from '@mui/icons-material/HubOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import NewReleasesOutlined from '@mui/icons-material/NewReleasesOutlined';
import PostAddOutlined from '@mui/icons-material/PostAddOutlined';
import PrecisionManufacturingOutlined from '@mui/icons-material/PrecisionManufacturingOutlined';
import RequestQuoteOutlined from '@mui/icons-material/RequestQuoteOutlined';
import TableChartOutlined from '@mui/icons-material/TableChartOutlined';

/**
 * The Material icons the menu and the screens name (paths.ts refers to them by name, so the table of
 * paths stays free of components and light enough for the start-up chunk); the icon gallery
 * (/home/icons) lists them.
 */

// Keyed by the MUI export name so the gallery can show real names (displayName is stripped in production).
export const appIcons = {
  HubOutlined,
  DashboardOutlined,
  NewReleasesOutlined,
  BugReportOutlined,
  EventNoteOutlined,
  BusinessOutlined,
  LocalShippingOutlined,
  AccountTreeOutlined,
  BatteryChargingFullOutlined,
  PrecisionManufacturingOutlined,
  DescriptionOutlined,
  PostAddOutlined,
  RequestQuoteOutlined,
  Inventory2Outlined,
  GavelOutlined,
  InfoOutlined,
  CategoryOutlined,
  TableChartOutlined,
  CleaningServicesOutlined,
  AssessmentOutlined,
};

export type AppIconName = keyof typeof appIcons;

/** The brand mark in the sidebar header. */
export const brandIcon: AppIconName = 'HubOutlined';
