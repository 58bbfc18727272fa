package org.netbeans.spi.wizard;
public class WizardController { public void setForwardNavigationMode(int mode) {} }
