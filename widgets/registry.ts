import { accordionWidget } from "./accordion";
import { accountFormWidget } from "./account-form";
import { accountTabsWidget } from "./account-tabs";
import { carouselWidget } from "./carousel";
import { changeEmailDialogWidget } from "./change-email-dialog";
import { confirmActionWidget } from "./confirm-action";
import { disclosureWidget } from "./disclosure";
import { editUsersDialogWidget } from "./edit-users-dialog";
import { eventsCalendarWidget } from "./events-calendar";
import { galleryWidget } from "./gallery";
import { hiddenActivitiesWidget } from "./hidden-activities";
import { lazyImagesWidget } from "./lazy-images";
import { loginFormWidget } from "./login-form";
import { profileDialogWidget } from "./profile-dialog";
import { registerWizardWidget } from "./register-wizard";
import { resourceFiltersWidget } from "./resource-filters";
import { saveResourceWidget } from "./save-resource";
import { searchBoxWidget } from "./search-box";
import { shareDialogWidget } from "./share-dialog";
import { siteHeaderWidget } from "./site-header";
import { staffSchoolFinderWidget } from "./staff-school-finder";
import { teacherNoteWidget } from "./teacher-note";
import { toolsPanelWidget } from "./tools-panel";
import type { AnyWidgetDefinition } from "./runtime";

/** Every widget the bundle knows. Adding a widget is one folder plus one line here. */
export const widgetRegistry: readonly AnyWidgetDefinition[] = [
  siteHeaderWidget,
  accordionWidget,
  disclosureWidget,
  eventsCalendarWidget,
  loginFormWidget,
  registerWizardWidget,
  accountTabsWidget,
  accountFormWidget,
  changeEmailDialogWidget,
  editUsersDialogWidget,
  carouselWidget,
  lazyImagesWidget,
  hiddenActivitiesWidget,
  galleryWidget,
  profileDialogWidget,
  resourceFiltersWidget,
  saveResourceWidget,
  searchBoxWidget,
  confirmActionWidget,
  staffSchoolFinderWidget,
  toolsPanelWidget,
  shareDialogWidget,
  teacherNoteWidget,
];
