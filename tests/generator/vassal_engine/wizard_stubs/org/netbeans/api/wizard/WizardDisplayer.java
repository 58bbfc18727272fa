package org.netbeans.api.wizard;
public abstract class WizardDisplayer {
  public static Object showWizard(org.netbeans.spi.wizard.Wizard w, java.awt.Rectangle r) { throw new UnsupportedOperationException("no wizard here"); }
}
